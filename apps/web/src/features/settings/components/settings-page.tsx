import { PageHeader } from '../../../components/ui/page-header';

/** The Vigil Configuration screen; its content arrives with its own issue (no placeholder data meanwhile). */
export function SettingsPage() {
  return (
    <PageHeader
      title="Vigil Configuration"
      subtitle="Global, agent, integration and security settings"
    />
  );
}
