import { describe, expect, it } from 'vitest';
import { maskToken } from './masks';

/** One table per kind of variable: the token as logged, and as the template writes it. */
const kinds: Record<string, [string, string][]> = {
  numbers: [
    ['42', '<*>'],
    ['-17', '<*>'],
    ['0.2477829', '<*>'],
    ['1893,', '<*>,'],
    ['(1)', '(<*>)'],
    ['auto=-1,', 'auto=<*>,'],
  ],
  hex: [
    ['0x1f', '<*>'],
    ['0x7fed806eb5d', '<*>'],
    ['9f4ef63', '<*>'],
    ['ffffffff', '<*>'],
    ['CE', 'CE'],
    ['ee0', 'ee0'],
  ],
  'IPv4, IPv6, ip:port and hosts': [
    ['10.251.73.220', '<*>'],
    ['10.251.73.220:50010', '<*>'],
    ['10.251.30.85:50010:Got', '<*>:Got'],
    ['/10.251.42.84', '<*>'],
    ['fe80::1ff:fe23:4567:890a', '<*>'],
    ['[::1]:8080', '<*>'],
    ['00:1a:2b:3c:4d:5e', '<*>'],
    ['msra-sa-41:9000', '<*>'],
    ['msra-sa-41/10.190.173.170:9000', '<*>'],
    ['24-54-76-216.bflony.adelphia.net', '<*>'],
    ['(24-54-76-216.bflony.adelphia.net)', '(<*>)'],
  ],
  UUIDs: [
    ['b9000564-fe1a-409b-b8cc-1e88b294cd1d', '<*>'],
    ['[instance:', '[instance:'],
    ['b9000564-fe1a-409b-b8cc-1e88b294cd1d]', '<*>]'],
  ],
  paths: [
    ['/var/log/app.log', '<*>'],
    ['./run.sh', '<*>'],
    ['~/x/y', '<*>'],
    ['C:\\Windows\\System32\\x.dll', '<*>'],
    ['/home/a/b:', '<*>:'],
    ['/user/root/part-00590.', '<*>'],
    ['chdir(/p/gb2/t800)', 'chdir(<*>)'],
    ["'{bf1a281b-ad7b-4476-ac95-f47682990ce7}GLOBALROOT/Device/X'", "'<*>'"],
  ],
  URLs: [
    ['http://example.com/a?b=1', '<*>'],
    ['hdfs://10.10.34.11:9000/pjhe/logs/2kSOSP.log:21876+7292', '<*>'],
  ],
  'block and other ids': [
    ['blk_-6952295868487656571', '<*>'],
    ['blk_38865049064139660', '<*>'],
    ['attempt_1445144423722_0020_m_000000_0', '<*>'],
    ['rdd_2_0', '<*>'],
    ['storage234', '<*>'],
    ['jk2_init()', 'jk2_init()'],
    ['alt0', 'alt0'],
    ['Slf4jLogger', 'Slf4jLogger'],
  ],
  'durations and sizes': [
    ['12ms', '<*>'],
    ['3.5s', '<*>'],
    ['5min', '<*>'],
    ['12KB', '<*>'],
    ['4G', '<*>'],
  ],
  'timestamps and versions': [
    ['2005-06-03', '<*>'],
    ['07:07:00', '<*>'],
    ['2005-06-03T15:42:50.675872Z', '<*>'],
    ['id@2016/9/27:20:30:31.455', 'id@<*>/<*>/<*>:<*>:<*>:<*>'],
    ['v6.1.7601.23505', '<*>'],
  ],
  emails: [
    ['user@example.com', '<*>'],
    ['<user@example.com>', '<<*>>'],
  ],
  'key=value and key:value': [
    ['uid=0)', 'uid=<*>)'],
    ['(HWID=1973)', '(HWID=<*>)'],
    ['flags=0x1,', 'flags=<*>,'],
    ['mc=e08x', 'mc=<*>'],
    ['user=root', 'user=root'],
    ['tty=NODEVssh', 'tty=NODEVssh'],
    ['ws=null,', 'ws=<*>,'],
    ['tag="View Lock",', 'tag="<*>",'],
    ['name=com.android.phone,', 'name=<*>,'],
    ['cmp=com.tencent.mm/.plugin.Entry', 'cmp=<*>'],
    ['x[0]=313', 'x[<*>]=<*>'],
    ['ready=true,policy=3,mode=false', 'ready=<*>,policy=<*>,mode=<*>'],
    ['=com.tencent.mobileqq,id', '=<*>,id'],
    ['isOverlap:false,', 'isOverlap:<*>,'],
    ['CurrentState:112', 'CurrentState:<*>'],
    ['<memory:10240,', '<memory:<*>,'],
    ['vCores:-17>', 'vCores:<*>>'],
    ['Source', 'Source'],
    ['file=idotransportmgr.cpp', 'file=idotransportmgr.cpp'],
  ],
  'calls and booleans': [
    ['setLightsOn(true)', 'setLightsOn(<*>)'],
    ['Rect(0,', 'Rect(<*>,'],
    ['WorkSource{10113}', 'WorkSource{<*>}'],
    ['true', '<*>'],
    ['False,', '<*>,'],
    ['null?false', 'null?false'],
    ['datanode(s)', 'datanode(s)'],
  ],
  'plain words stay': [
    ['Received', 'Received'],
    ['succeeded.', 'succeeded.'],
    ['(Lifecycle', '(Lifecycle'],
    ['BLOCK*', 'BLOCK*'],
    ['<*>', '<*>'],
    ['', ''],
  ],
};

describe('maskToken', () => {
  for (const [kind, table] of Object.entries(kinds)) {
    describe(kind, () => {
      it.each(table)('%j → %j', (token, expected) => {
        expect(maskToken(token)).toBe(expected);
      });
    });
  }

  it('returns the very same string when nothing is variable', () => {
    const token = 'NameSystem.addStoredBlock:';
    expect(maskToken(token)).toBe(token);
  });
});
