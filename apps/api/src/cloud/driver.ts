/**
 * What the portal asks of a cloud (ARCHITECTURE, "Cloud driver"). A real cloud answers a change
 * with a task and finishes it later, so every change here is a request keyed by the portal's
 * operation id, and `task` says how it stands. Requests are idempotent by that id: a worker that
 * died after asking may ask again and the cloud does the work once.
 */
export interface OperationRef {
  operationId: string;
  clientId: string;
}

export interface ServerSpec {
  serverId: string;
  /** The server's name; the guest takes it as its hostname (absent on requests made before it). */
  name?: string;
  cpu: number;
  ramGb: number;
  imageId: string;
  /** The network segment the first interface joins, and its VPC's IPv6 range ("-1": none). */
  cidrIpv4: string;
  cidrIpv6: string;
  publicIp: boolean;
  /** The VPC the segment belongs to (absent on requests made before it). */
  vpcId?: string;
  /** A host to place it on; empty lets the cloud choose. */
  host?: string;
  rootVolume: VolumeSpec;
  dataVolumes: VolumeSpec[];
  /** Fill the volumes from this snapshot (root first, then data in order) instead of the image. */
  fromSnapshotId?: string;
  /** The server's firewalls with their rules, in order (absent on requests made before it). */
  firewalls?: FirewallSpec[];
}

export interface VolumeSpec {
  volumeId: string;
  sizeGb: number;
  speed: number;
}

/** What a finished task reports back (only the fields its kind fills). */
export interface TaskResult {
  privateIp?: string;
  publicIp?: string | null;
  ipv6?: string | null;
  host?: string;
  /** When the server came up or went down, by the cloud's clock (ISO). */
  at?: string;
  /** A load balancer's or a cluster's address, once the cloud has given one. */
  address?: string;
}

export type TaskState =
  | { state: 'pending'; completesAt: Date }
  | { state: 'done'; result: TaskResult }
  | { state: 'failed'; error: string }
  | { state: 'unknown' };

export interface CloudDriver {
  createServer(op: OperationRef, spec: ServerSpec): Promise<void>;
  startServer(op: OperationRef, serverId: string): Promise<void>;
  stopServer(op: OperationRef, serverId: string): Promise<void>;
  forceStopServer(op: OperationRef, serverId: string): Promise<void>;
  rebootServer(op: OperationRef, serverId: string): Promise<void>;
  resizeServer(op: OperationRef, serverId: string, size: { cpu: number; ramGb: number }): Promise<void>;
  /** Deletes the server with its root volume and the data volumes named. */
  deleteServer(op: OperationRef, serverId: string, volumeIds: string[]): Promise<void>;

  createVolume(op: OperationRef, spec: VolumeSpec & { serverId?: string }): Promise<void>;
  attachVolume(op: OperationRef, volumeId: string, serverId: string): Promise<void>;
  detachVolume(op: OperationRef, volumeId: string, serverId: string): Promise<void>;
  resizeVolume(op: OperationRef, volumeId: string, sizeGb: number): Promise<void>;
  /** A volume type change: days on a real cloud (spec section 4). */
  retypeVolume(op: OperationRef, volumeId: string, speed: number): Promise<void>;
  deleteVolume(op: OperationRef, volumeId: string): Promise<void>;

  /** Moves an interface to another segment of its VPC, with the address it keeps or is given. */
  updateInterface(
    op: OperationRef,
    serverId: string | null,
    change: { cidrIpv4: string; privateIpv4: string },
  ): Promise<void>;

  /** Copies the server's volumes as they are now (a running server's are crash-consistent). */
  createSnapshot(op: OperationRef, snapshotId: string, serverId: string, volumeIds: string[]): Promise<void>;
  /** Writes the snapshot back over its server's volumes; the server must be stopped. */
  restoreSnapshot(op: OperationRef, snapshotId: string, serverId: string): Promise<void>;
  deleteSnapshot(op: OperationRef, snapshotId: string): Promise<void>;

  // The private network (networks.ts has the specs). Each call programs the whole object as given
  // (the cloud keeps the last spec): a retry or a late repeat leaves the same network.
  /** Creates a VPC; the result's `ipv6` is the /56 the cloud allocated (absent: none yet). */
  createNetwork(op: OperationRef, spec: NetworkSpec): Promise<void>;
  updateNetwork(op: OperationRef, spec: NetworkSpec): Promise<void>;
  /** Replaces the VPC's route table with these routes, in order. */
  setRoutes(op: OperationRef, networkId: string, routes: RouteSpec[]): Promise<void>;
  /** Refused by the cloud while servers or other objects still stand in it. */
  deleteNetwork(op: OperationRef, networkId: string): Promise<void>;

  /** Creates the firewall or replaces its rules. */
  applyFirewall(op: OperationRef, spec: FirewallSpec): Promise<void>;
  deleteFirewall(op: OperationRef, firewallId: string): Promise<void>;
  /** `spec`: the firewall's rules, for a cloud that programs them per server (absent on older requests). */
  attachFirewall(op: OperationRef, firewallId: string, serverId: string, spec?: FirewallSpec): Promise<void>;
  detachFirewall(op: OperationRef, firewallId: string, serverId: string): Promise<void>;

  /** Creates the load balancer or changes it; the result's `address` is where it listens. */
  applyLoadBalancer(op: OperationRef, spec: LoadBalancerSpec): Promise<void>;
  deleteLoadBalancer(op: OperationRef, loadBalancerId: string): Promise<void>;

  /** Orders a cross-connect from the VPC to another cloud; done when the other side accepted it. */
  orderExchange(op: OperationRef, spec: ExchangeSpec): Promise<void>;
  deleteExchange(op: OperationRef, exchangeId: string): Promise<void>;

  /** A managed cluster: created, scaled to a node count, deleted; `address` is its endpoint. */
  createCluster(op: OperationRef, spec: ClusterSpec): Promise<void>;
  scaleCluster(op: OperationRef, clusterId: string, nodeCount: number): Promise<void>;
  deleteCluster(op: OperationRef, clusterId: string): Promise<void>;

  /** How the request of an operation stands; `unknown` when it was never made. */
  task(operationId: string): Promise<TaskState>;

  /**
   * The serial console of a running server, as a cloud's console proxy gives it (a WebSocket or a
   * TCP stream to the hypervisor's serial port): rejects when the server has none to give.
   */
  openConsole(serverId: string): Promise<ConsoleStream>;
  /** A simulated cloud's guests all take this sign-in on their console (the web tab shows it). */
  readonly consoleDemoLogin?: string;

  /**
   * The current readings of many servers at once (one call per batch, as a cloud's monitoring API
   * answers a list of instances): a server that is not running, or that the cloud does not know,
   * is absent from the answer.
   */
  readMetrics(serverIds: string[]): Promise<Map<string, ServerMetrics>>;

  /**
   * What the cloud says each server is doing now (one call per batch): running, stopped (it
   * powered off, by the portal's request or by itself), error (crashed, or failed to start), or
   * missing (the cloud has no such server). The reconcile job compares it with the portal's rows.
   */
  serverStates(serverIds: string[]): Promise<Map<string, ServerState>>;
}

/** A server's state as the cloud reports it (`serverStates`). */
export type ServerState = 'running' | 'stopped' | 'error' | 'missing';

/** A server's readings over the last sampling period. */
export interface ServerMetrics {
  /** CPU busy, percent of its vCPUs (0-100). */
  cpuPct: number;
  /** Memory in use, percent of its RAM (0-100). */
  memPct: number;
  /** Disk and network throughput, bytes per second. */
  diskReadBps: number;
  diskWriteBps: number;
  netInBps: number;
  netOutBps: number;
}

/**
 * A server's serial console: text both ways until either side closes it. A real driver decodes
 * the port's bytes as UTF-8 with a streaming decoder (a character may span two reads).
 */
export interface ConsoleStream {
  /** What the user typed or pasted, as the terminal sends it (control characters included). */
  write(data: string): void;
  /** What the console prints; output from before the first listener is kept for it. */
  onData(listener: (data: string) => void): void;
  /** The cloud ended the console (the server went away); not called after `close()`. */
  onClose(listener: (reason: string) => void): void;
  /** Ends the console from the portal's side; calling it again does nothing. */
  close(): void;
}

export type CloudAction =
  | 'server.create'
  | 'server.start'
  | 'server.stop'
  | 'server.forceStop'
  | 'server.reboot'
  | 'server.resize'
  | 'server.delete'
  | 'volume.create'
  | 'volume.attach'
  | 'volume.detach'
  | 'volume.resize'
  | 'volume.retype'
  | 'volume.delete'
  | 'interface.update'
  | 'snapshot.create'
  | 'snapshot.restore'
  | 'snapshot.delete'
  | 'network.create'
  | 'network.update'
  | 'network.routes'
  | 'network.delete'
  | 'firewall.apply'
  | 'firewall.delete'
  | 'firewall.attach'
  | 'firewall.detach'
  | 'loadBalancer.apply'
  | 'loadBalancer.delete'
  | 'exchange.order'
  | 'exchange.delete'
  | 'cluster.create'
  | 'cluster.scale'
  | 'cluster.delete';

/** A VPC as the cloud programs it. */
export interface NetworkSpec {
  networkId: string;
  cidrIpv4: string;
  bandwidthLimit: number;
  routeLevel: number;
  chargeMode: number;
}

export interface RouteSpec {
  destination: string;
  /** 0 manual (target is an IPv4 next hop), 1 local, 2 default, 3 VPC (target is the peer's id). */
  targetType: number;
  target: string;
}

/** One rule of a firewall as the cloud programs it (the shared enums' numbers). */
export interface FirewallRuleSpec {
  direction: number;
  ipVersion: number;
  protocol: number;
  port: string;
  cidr: string;
  operate: number;
}

export interface FirewallSpec {
  firewallId: string;
  networkId: string;
  rules: FirewallRuleSpec[];
}

export interface LoadBalancerSpec {
  loadBalancerId: string;
  networkId: string;
  type: number;
  protocol: string;
  port: number;
  url: string;
  healthCheck: boolean;
  xForwardedFor: boolean;
  /** The servers it sends to. */
  serverIds: string[];
  /** HTTPS: the certificate chain and its private key (PEM), handed to the cloud as is. */
  certificatePem?: string;
  keyPem?: string;
}

export interface ExchangeSpec {
  exchangeId: string;
  networkId: string;
  /** 1 AWS, 2 GCP, 3 Azure, 4 CCX. */
  provider: number;
  pairKey: string;
}

export interface ClusterSpec {
  clusterId: string;
  networkId: string;
  engine: string;
  version: string;
  nodeCount: number;
  nodeSize: string;
}
