import { VirshError, type Virsh } from '../src/cloud/libvirt/virsh.js';

interface FakeDomain {
  xml: string;
  state: 'running' | 'shut off' | 'crashed';
  /** Target and volume name of each disk, in order. */
  disks: { target: string; volume: string }[];
  network: string;
  mac: string;
  vcpus: number;
  memKib: number;
}

/**
 * A libvirt in memory for the driver's tests, answering the virsh commands the driver runs as
 * `virsh -q` prints them (no table headers). Every call is recorded; `refuse` makes the next call
 * of a command fail with virsh's words; `memory` and `poolFreeBytes` set what the host has.
 */
export function createFakeLibvirt() {
  const calls: { args: string[]; input?: string }[] = [];
  const domains = new Map<string, FakeDomain>();
  const volumes = new Map<string, number>();
  const networks = new Map<string, { xml: string; active: boolean }>();
  const refusals = new Map<string, string>();
  /** Network filters by name: their XML. */
  const filters = new Map<string, string>();
  /** Files QEMU wrote in the pool's directory that libvirt has not listed yet (pool-refresh). */
  const files = new Map<string, number>();
  let lastJob = 'Job type:         None\n';
  let pool: 'none' | 'defined' | 'running' = 'none';
  const definePool = (target: string) => {
    pool = 'running';
    host.poolTarget = target;
  };
  const host = {
    memory: { total: 8_388_608, free: 6_291_456, buffers: 0, cached: 0 },
    poolFreeBytes: 100 * 1024 ** 3,
    /** The directory the pool keeps its volumes in (set by its definition). */
    poolTarget: '',
    /** What `domstats` prints instead of the running domains' balloon maximum. */
    domstats: null as string | null,
  };
  /** What a guest does when asked to shut down: power off (true) or ignore it. */
  let guestsHonourShutdown = true;
  /** How many shutdown requests the guests miss before they hear one (a guest still booting). */
  let shutdownsMissed = 0;

  const fail = (args: string[], stderr: string): never => {
    throw new VirshError(args, stderr, 1);
  };
  const domain = (args: string[], name: string) =>
    domains.get(name) ?? fail(args, `error: failed to get domain '${name}'\nerror: Domain not found`);
  const attr = (xml: string, re: RegExp) => re.exec(xml)?.[1] ?? '';

  async function run(args: string[], options: { input?: string } = {}): Promise<string> {
    // One argument is a command string, as virsh reads it: commands separated by `;` run in turn,
    // their outputs one after another.
    if (args.length === 1 && /[\s;]/.test(args[0]!)) {
      let out = '';
      for (const command of args[0]!.split(';')) out += await run(command.trim().split(/\s+/), options);
      return out;
    }
    calls.push({ args, ...(options.input === undefined ? {} : { input: options.input }) });
    const [command = '', a = '', b = ''] = args;
    const refusal = refusals.get(command);
    if (refusal !== undefined) {
      refusals.delete(command);
      fail(args, refusal);
    }
    switch (command) {
      case 'hostname':
        return 'hv-test\n';
      case 'list':
        if (args.includes('--name'))
          return [...domains]
            .filter(([, d]) => args.includes('--all') || d.state === 'running')
            .map(([name]) => `${name}\n`)
            .join('');
        return [...domains]
          .map(([name, d], i) => ` ${d.state === 'running' ? i + 1 : '-'}    ${name}   ${d.state}\n`)
          .join('');
      case 'domstate':
        return `${domain(args, args[2]!).state}\n`;
      case 'dumpxml':
        return `${domain(args, a).xml}\n`;
      case 'dominfo':
        return `Name:           ${a}\nMax memory:     ${domain(args, a).memKib} KiB\n`;
      case 'define': {
        const xml = options.input!;
        const name = attr(xml, /<name>([^<]+)<\/name>/);
        const disks = [...xml.matchAll(/volume='([^']+)'\/>\s*<target dev='([^']+)'/g)].map((m) => ({
          volume: m[1]!,
          target: m[2]!,
        }));
        domains.set(name, {
          xml,
          state: 'shut off',
          disks,
          network: attr(xml, /<source network='([^']+)'/),
          mac: attr(xml, /<mac address='([^']+)'/),
          vcpus: Number(attr(xml, /<vcpu[^>]*>(\d+)</)),
          memKib: Number(attr(xml, /<memory unit='MiB'>(\d+)</)) * 1024,
        });
        return '';
      }
      case 'start':
        domain(args, a).state = 'running';
        return '';
      case 'shutdown':
        if (shutdownsMissed > 0) shutdownsMissed--;
        else if (guestsHonourShutdown) domain(args, a).state = 'shut off';
        return '';
      case 'destroy': {
        const d = domain(args, a);
        if (d.state !== 'running')
          fail(args, 'error: Requested operation is not valid: domain is not running');
        d.state = 'shut off';
        return '';
      }
      case 'undefine':
        domain(args, a);
        domains.delete(a);
        return '';
      case 'domblklist':
        return domain(args, a)
          .disks.map((d) => ` volume  disk   ${d.target}   ${d.volume}\n`)
          .join('');
      case 'domiflist': {
        const d = domain(args, a);
        return ` -   network   ${d.network}   virtio   ${d.mac}\n`;
      }
      case 'attach-device': {
        const xml = options.input!;
        const target = attr(xml, /<target dev='([^']+)'/);
        if (domain(args, a).disks.some((d) => d.target === target))
          fail(args, `error: Requested operation is not valid: target ${target} already exists`);
        domain(args, a).disks.push({
          volume: attr(xml, /volume='([^']+)'/),
          target: attr(xml, /<target dev='([^']+)'/),
        });
        return '';
      }
      case 'detach-disk': {
        const d = domain(args, a);
        d.disks = d.disks.filter((disk) => disk.target !== b);
        return '';
      }
      case 'blockresize': {
        const disk = domain(args, a).disks.find((d) => d.target === b)!;
        volumes.set(disk.volume, Number(args[3]!.replace(/B$/, '')));
        return '';
      }
      case 'backup-begin': {
        // QEMU writes each named disk's copy as a file in the pool's directory; done at once here.
        const d = domain(args, a);
        if (d.state !== 'running')
          fail(args, 'error: Requested operation is not valid: domain is not running');
        for (const [, target, file] of options.input!.matchAll(
          /name='([^']+)' type='file'><target file='([^']+)'/g,
        )) {
          const disk = d.disks.find((x) => x.target === target)!;
          files.set(file!.split('/').pop()!, volumes.get(disk.volume)!);
        }
        lastJob = 'Job type:         Completed\nOperation:        Backup\n';
        return 'Backup started\n';
      }
      case 'domjobinfo':
        domain(args, a);
        return args.includes('--completed') ? lastJob : 'Job type:         None\n';
      case 'domjobabort':
        return '';
      case 'pool-refresh':
        for (const [name, bytes] of files) volumes.set(name, bytes);
        files.clear();
        return '';
      case 'setvcpus':
        domain(args, a).vcpus = Number(b);
        return '';
      case 'setmaxmem':
      case 'setmem':
        domain(args, a).memKib = Number(b);
        return '';
      case 'pool-info':
        if (pool === 'none') fail(args, `error: failed to get pool '${a}'\nerror: Storage pool not found`);
        return args.includes('--bytes')
          ? `Name: ${a}\nState: ${pool}\nAvailable:      ${host.poolFreeBytes}\n`
          : `Name: ${a}\nState:          ${pool}\n`;
      case 'pool-define-as':
        pool = 'defined';
        host.poolTarget = args[args.indexOf('--target') + 1]!;
        return '';
      case 'pool-dumpxml':
        if (pool === 'none') fail(args, `error: failed to get pool '${a}'\nerror: Storage pool not found`);
        return `<pool type='dir'>\n  <name>${a}</name>\n  <target>\n    <path>${host.poolTarget}</path>\n  </target>\n</pool>\n`;
      case 'pool-build':
      case 'pool-autostart':
        return '';
      case 'pool-start':
        pool = 'running';
        return '';
      case 'vol-list':
        return [...volumes.keys()].map((name) => ` ${name}   /pool/${name}\n`).join('');
      case 'vol-create': {
        const name = attr(options.input!, /<name>([^<]+)</);
        volumes.set(name, Number(attr(options.input!, /<capacity unit="bytes">(\d+)</)));
        return '';
      }
      case 'vol-clone':
        if (!volumes.has(a)) fail(args, `error: failed to get vol '${a}'\nerror: Storage volume not found`);
        if (volumes.has(b)) fail(args, `error: storage volume '${b}' exists already`);
        volumes.set(b, volumes.get(a)!);
        return '';
      case 'vol-delete':
        if (!volumes.delete(a))
          fail(args, `error: failed to get vol '${a}'\nerror: Storage volume not found`);
        return '';
      case 'vol-info':
        if (!volumes.has(a)) fail(args, `error: failed to get vol '${a}'\nerror: Storage volume not found`);
        return `Name:           ${a}\nCapacity:       ${volumes.get(a)}\n`;
      case 'vol-resize':
        volumes.set(a, Number(b));
        return '';
      case 'net-info': {
        const n =
          networks.get(a) ?? fail(args, `error: failed to get network '${a}'\nerror: Network not found`);
        return `Name:           ${a}\nActive:         ${n.active ? 'yes' : 'no'}\n`;
      }
      case 'net-define': {
        const xml = options.input!;
        networks.set(attr(xml, /<name>([^<]+)</), { xml, active: false });
        return '';
      }
      case 'net-start': {
        // As libvirt: a network whose range the host already routes (an active one's) does not start.
        const range = attr(networks.get(a)!.xml, /<ip (address='[^']+' prefix='\d+')/);
        const taken = [...networks].find(
          ([name, n]) => n.active && name !== a && range && n.xml.includes(range),
        );
        if (taken) fail(args, `error: internal error: Network is already in use by interface ${taken[0]}`);
        networks.get(a)!.active = true;
        return '';
      }
      case 'net-autostart':
        return '';
      case 'net-destroy':
        networks.get(a)!.active = false;
        return '';
      case 'net-undefine':
        networks.delete(a);
        return '';
      case 'nwfilter-define':
        filters.set(attr(options.input!, /<filter name='([^']+)'/), options.input!);
        return '';
      case 'nwfilter-dumpxml':
      case 'nwfilter-undefine': {
        const xml =
          filters.get(a) ??
          fail(
            args,
            `error: failed to get nwfilter '${a}'\nerror: Network filter not found: no nwfilter with matching name '${a}'`,
          );
        if (command === 'nwfilter-undefine') filters.delete(a);
        return `${xml}\n`;
      }
      case 'nodememstats':
        return Object.entries(host.memory)
          .map(([key, kib]) => `${key.padEnd(7)}:  ${kib} KiB\n`)
          .join('');
      case 'domstats':
        if (host.domstats !== null) return host.domstats;
        return [...domains.entries()]
          .filter(([, d]) => d.state === 'running')
          .map(([name, d]) => `Domain: '${name}'\n  balloon.maximum=${d.memKib}\n\n`)
          .join('');
      default:
        return fail(args, `error: unknown command: '${command}'`);
    }
  }

  const virsh: Virsh = { uri: 'test:///fake', run };
  return {
    virsh,
    calls,
    domains,
    volumes,
    networks,
    filters,
    host,
    refuse(command: string, stderr: string) {
      refusals.set(command, stderr);
    },
    ignoreShutdown() {
      guestsHonourShutdown = false;
    },
    /** A pool of the same name defined before, by someone else, in `target`. */
    definePool,
    missShutdowns(count: number) {
      shutdownsMissed = count;
    },
    commands: () => calls.map((c) => c.args[0]),
  };
}
