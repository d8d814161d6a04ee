import { describe, expect, it } from 'vitest';
import { compileLogFormat, parseLogLine } from './log-format';

describe('compileLogFormat', () => {
  it.each([
    [
      '<Date> <Time> <Level> <Component>: <Content>',
      '17/06/09 20:10:40 INFO spark.SecurityManager: Changing view acls to: yarn,curi',
      {
        Date: '17/06/09',
        Time: '20:10:40',
        Level: 'INFO',
        Component: 'spark.SecurityManager',
        Content: 'Changing view acls to: yarn,curi',
      },
    ],
    [
      '\\[<Time>\\] \\[<Level>\\] <Content>',
      '[Sun Dec 04 04:47:44 2005] [notice] workerEnv.init() ok',
      { Time: 'Sun Dec 04 04:47:44 2005', Level: 'notice', Content: 'workerEnv.init() ok' },
    ],
    [
      '<Month> <Date> <Time> <Level> <Component>(\\[<PID>\\])?: <Content>',
      'Jun 14 15:16:01 combo sshd(pam_unix)[19939]: check pass; user unknown',
      {
        Month: 'Jun',
        Date: '14',
        Time: '15:16:01',
        Level: 'combo',
        Component: 'sshd(pam_unix)',
        PID: '19939',
        Content: 'check pass; user unknown',
      },
    ],
    [
      '<Month> <Date> <Time> <Level> <Component>(\\[<PID>\\])?: <Content>',
      'Jun 14 15:16:01 combo kernel: Linux version 2.6',
      {
        Month: 'Jun',
        Date: '14',
        Time: '15:16:01',
        Level: 'combo',
        Component: 'kernel',
        PID: '',
        Content: 'Linux version 2.6',
      },
    ],
    [
      '<Date> <Time>  <Pid>  <Tid> <Level> <Component>: <Content>',
      '03-17 16:13:38.811  1702  2395 D WindowManager: a b',
      {
        Date: '03-17',
        Time: '16:13:38.811',
        Pid: '1702',
        Tid: '2395',
        Level: 'D',
        Component: 'WindowManager',
        Content: 'a b',
      },
    ],
  ])('%s', (format, line, expected) => {
    expect(parseLogLine(compileLogFormat(format), line)).toEqual(expected);
  });

  it('returns null for a line that does not fit', () => {
    expect(parseLogLine(compileLogFormat('\\[<Time>\\] <Content>'), 'no brackets')).toBeNull();
  });

  it('rejects a format without <Content>', () => {
    expect(() => compileLogFormat('<Date> <Message>')).toThrow(/Content/);
  });
});
