import { CalendarPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Select } from '../../../components/ui/select';
import { SCAN_SCHEDULES, SCAN_TYPES } from '../lib/sample-data';

const TYPE_OPTIONS = SCAN_TYPES.map((type) => ({ value: type, label: type }));
const SCHEDULE_OPTIONS = SCAN_SCHEDULES.map((schedule) => ({ value: schedule, label: schedule }));

/** Spec part 2 section 2.2: submitting only closes the dialog (nothing is sent). */
export function ScheduleScanDialog() {
  const [open, setOpen] = useState(false);
  const [scanType, setScanType] = useState<string>(SCAN_TYPES[0]);
  const [schedule, setSchedule] = useState<string>(SCAN_SCHEDULES[0]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="primary">
          <CalendarPlus aria-hidden="true" />
          Schedule Scan
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Schedule Scan"
        description="Sample only: nothing is scheduled on the server."
      >
        <form onSubmit={submit} className="mt-4 space-y-4">
          <label className="flex flex-col gap-1.5 text-sm font-medium text-foreground">
            Scan type
            <Select
              options={TYPE_OPTIONS}
              value={scanType}
              onChange={(event) => setScanType(event.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-medium text-foreground">
            Schedule
            <Select
              options={SCHEDULE_OPTIONS}
              value={schedule}
              onChange={(event) => setSchedule(event.target.value)}
            />
          </label>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button>Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="primary">
              Schedule
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
