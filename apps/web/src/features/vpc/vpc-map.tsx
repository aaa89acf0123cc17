import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Theme, useTheme } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RouteTargetType, VmStatus, type Vpc, type VpcMap, type VpcRoute } from '@portal/shared';
import { PageSpinner } from '../../components/page-spinner';
import { useVpcMap } from './vpc-api';
import { ipv6Text } from './vpc-ipv6';

// The drawing's measures (px at 1:1: the SVG is drawn at the width it is shown, so text keeps its size).
const PAD = 16;
const HEAD = 58;
const SUBNET_HEAD = 48;
const VM_ROW = 40;
const SUBNET_MIN = 260;
const LB_H = 44;
const ROUTE_W = 230;
const ROUTE_H = 46;
const GAP = 16;
/** The room each load balancer's lane takes right of the VM rows. */
const LANE = 12;

type MapVm = VpcMap['subnets'][number]['vms'][number];

/** The container's width, followed as it changes (phones turn, windows resize). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    setWidth(node.clientWidth);
    const observer = new ResizeObserver(() => setWidth(node.clientWidth));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** Text cut to about the room it has (the full text stays in its <title>). */
const fit = (text: string, px: number, size = 13) => {
  const room = Math.max(4, Math.floor(px / (size * 0.6)));
  return text.length > room ? `${text.slice(0, room - 1)}…` : text;
};

function statusColour(theme: Theme, status: number): string {
  if (status === VmStatus.RUNNING) return theme.palette.success.main;
  if (status === VmStatus.ERROR) return theme.palette.error.main;
  if (status === VmStatus.STOPPED) return theme.palette.grey[500];
  return theme.palette.info.main;
}

function routeTarget(route: VpcRoute, t: TFunction): string {
  if (route.targetType === RouteTargetType.DEFAULT) return t('vpc:map.internet');
  if (route.targetType === RouteTargetType.VPC)
    return t('vpc:map.peer', { name: route.targetName ?? route.target });
  return t('vpc:map.nextHop', { ip: route.target });
}

interface Laid {
  width: number;
  height: number;
  vpc: { x: number; y: number; w: number; h: number };
  balancers: { x: number; y: number; w: number; b: VpcMap['balancers'][number] }[];
  subnets: { x: number; y: number; w: number; h: number; s: VpcMap['subnets'][number]; guards: string[] }[];
  /** Where a VM's row is: its right edge (arrows come in there), its middle, its subnet's top. */
  vmAt: Map<string, { right: number; mid: number; subnetTop: number }>;
  /** The room right of the VM rows: one lane per load balancer. */
  lanes: number;
  routes: { x: number; y: number; from: { x: number; y: number }; r: VpcRoute }[];
}

/** The arrowhead a link line ends in, drawn in the line's colour. */
function Arrowhead({ id, size, fill }: { id: string; size: number; fill: string }) {
  return (
    <marker
      id={id}
      viewBox="0 0 10 10"
      refX="9"
      refY="5"
      markerWidth={size}
      markerHeight={size}
      orient="auto-start-reverse"
    >
      <path d="M 0 0 L 10 5 L 0 10 z" fill={fill} />
    </marker>
  );
}

/**
 * Places everything for a width: subnets in as many columns as fit, load balancers in a band
 * above them, routes to the right of the VPC (wide) or under it (narrow), each an arrow out.
 */
function layout(map: VpcMap, width: number): Laid {
  const wide = width >= 720;
  const routesBeside = wide && map.routes.length > 0;
  const vpcW = routesBeside ? width - ROUTE_W - GAP * 3 : width - 2;
  const inner = vpcW - PAD * 2;
  const cols = Math.max(1, Math.min(map.subnets.length || 1, Math.floor((inner + GAP) / (SUBNET_MIN + GAP))));
  const subnetW = (inner - GAP * (cols - 1)) / cols;
  const names = new Map(map.firewalls.map((f) => [f.uuid, f.name]));

  let y = HEAD;
  const balancers: Laid['balancers'] = [];
  if (map.balancers.length > 0) {
    const perRow = Math.max(1, Math.floor((inner + GAP) / (200 + GAP)));
    const w =
      (inner - GAP * (Math.min(perRow, map.balancers.length) - 1)) / Math.min(perRow, map.balancers.length);
    map.balancers.forEach((b, i) => {
      balancers.push({
        x: 1 + PAD + (i % perRow) * (w + GAP),
        y: y + Math.floor(i / perRow) * (LB_H + GAP),
        w,
        b,
      });
    });
    y += Math.ceil(map.balancers.length / perRow) * (LB_H + GAP) + GAP;
  }
  const subnets: Laid['subnets'] = [];
  const vmAt: Laid['vmAt'] = new Map();
  const lanes = Math.min(map.balancers.length, 6) * LANE;
  const colY = Array.from({ length: cols }, () => y);
  for (const s of map.subnets) {
    const col = colY.indexOf(Math.min(...colY));
    const x = 1 + PAD + col * (subnetW + GAP);
    const h = SUBNET_HEAD + Math.max(1, s.vms.length) * VM_ROW + 8;
    const guards = [...new Set(s.vms.flatMap((v) => v.firewallUuids))].map((id) => names.get(id) ?? id);
    subnets.push({ x, y: colY[col]!, w: subnetW, h, s, guards });
    s.vms.forEach((vm, i) =>
      vmAt.set(vm.uuid, {
        right: x + subnetW - 10 - lanes,
        mid: colY[col]! + SUBNET_HEAD + i * VM_ROW + 2 + (VM_ROW - 6) / 2,
        subnetTop: colY[col]!,
      }),
    );
    colY[col] = colY[col]! + h + GAP;
  }
  const subnetsEnd = subnets.length > 0 ? Math.max(...colY) : y + 60;
  // Beside the VPC, every route's arrow leaves from its border: the box is at least as tall as they.
  const besideEnd = routesBeside ? HEAD + map.routes.length * (ROUTE_H + GAP) : 0;
  const vpcH = Math.max(subnetsEnd + PAD - GAP, y + 70, besideEnd);
  const vpc = { x: 1, y: 1, w: vpcW, h: vpcH };

  const routes: Laid['routes'] = [];
  if (routesBeside) {
    const x = vpcW + GAP * 3;
    map.routes.forEach((r, i) => {
      const ry = HEAD + i * (ROUTE_H + GAP);
      routes.push({ x, y: ry, from: { x: vpcW + 1, y: ry + ROUTE_H / 2 }, r });
    });
  } else {
    map.routes.forEach((r, i) => {
      const ry = vpcH + 34 + i * (ROUTE_H + GAP);
      routes.push({ x: 40, y: ry, from: { x: 20, y: vpcH + 1 }, r });
    });
  }
  const routesEnd = routes.length > 0 ? Math.max(...routes.map((r) => r.y + ROUTE_H)) : 0;
  return { width, height: Math.max(vpcH + 2, routesEnd + 2), vpc, balancers, subnets, vmAt, lanes, routes };
}

function VmRow({ vm, x, y, w, t }: { vm: MapVm; x: number; y: number; w: number; t: TFunction }) {
  const theme = useTheme();
  const colour = statusColour(theme, vm.status);
  return (
    <g data-testid={`vpc-map-vm-${vm.uuid}`}>
      <title>{`${vm.name} · ${vm.privateIpv4} · ${t(`enums:vmStatus.${vm.status}`)}`}</title>
      <rect
        x={x + 10}
        y={y + 2}
        width={w - 20}
        height={VM_ROW - 6}
        rx={6}
        fill={theme.palette.background.paper}
        stroke={theme.palette.divider}
      />
      <circle cx={x + 24} cy={y + 2 + (VM_ROW - 6) / 2} r={6} fill={colour} />
      <text x={x + 38} y={y + 19} fontSize={13} fontWeight={600} fill={theme.palette.text.primary}>
        {fit(vm.name, w - 170)}
      </text>
      <text
        x={x + w - 18}
        y={y + 19}
        fontSize={12}
        textAnchor="end"
        fontFamily="monospace"
        fill={theme.palette.text.secondary}
      >
        {vm.privateIpv4}
      </text>
      <text x={x + 38} y={y + 32} fontSize={11} fill={colour}>
        {t(`enums:vmStatus.${vm.status}`)}
        {vm.firewallUuids.length > 0 ? ` · ${t('vpc:map.guarded', { count: vm.firewallUuids.length })}` : ''}
      </text>
    </g>
  );
}

/** The drawing itself, at the width it is given. */
function MapDrawing({ map, width }: { map: VpcMap; width: number }) {
  const { t } = useTranslation(['vpc', 'enums']);
  const theme = useTheme();
  const laid = layout(map, width);
  const { vpc } = laid;
  const line = theme.palette.text.secondary;
  const primary = theme.palette.primary.main;
  const warn = theme.palette.warning.dark;
  const summary = t('vpc:map.summary', {
    name: map.vpc.netName,
    subnets: map.subnets.length,
    vms: map.subnets.reduce((n, s) => n + s.vms.length, 0),
    balancers: map.balancers.length,
    routes: map.routes.length,
  });
  return (
    <svg
      width={laid.width}
      height={laid.height}
      viewBox={`0 0 ${laid.width} ${laid.height}`}
      role="img"
      aria-label={summary}
      data-testid="vpc-map-svg"
      style={{ display: 'block', fontFamily: theme.typography.fontFamily }}
    >
      <defs>
        <Arrowhead id="vpc-map-arrow" size={7} fill={line} />
        <Arrowhead id="vpc-map-arrow-lb" size={6} fill={primary} />
      </defs>
      <rect
        x={vpc.x}
        y={vpc.y}
        width={vpc.w}
        height={vpc.h}
        rx={12}
        fill={theme.palette.action.hover}
        stroke={primary}
        strokeWidth={2}
      />
      <text x={PAD} y={26} fontSize={16} fontWeight={700} fill={theme.palette.text.primary}>
        {fit(`${t('vpc:map.vpc')} ${map.vpc.netName}`, vpc.w - PAD * 2, 16)}
      </text>
      <text x={PAD} y={46} fontSize={12} fontFamily="monospace" fill={theme.palette.text.secondary}>
        {fit(`${map.vpc.cidrIpv4} · ${ipv6Text(map.vpc, t)}`, vpc.w - PAD * 2, 12)}
      </text>

      {laid.subnets.map(({ x, y, w, h, s, guards }) => (
        <g key={s.cidrIpv4} data-testid={`vpc-map-subnet-${s.cidrIpv4}`}>
          <rect
            x={x}
            y={y}
            width={w}
            height={h}
            rx={8}
            fill={theme.palette.background.default}
            stroke={theme.palette.divider}
            strokeDasharray={guards.length > 0 ? undefined : '4 3'}
          />
          {guards.length > 0 && <rect x={x} y={y} width={4} height={h} rx={2} fill={warn} />}
          <text x={x + 12} y={y + 19} fontSize={13} fontWeight={700} fill={theme.palette.text.primary}>
            {fit(t('vpc:map.subnet', { cidr: s.cidrIpv4 }), w - 24)}
          </text>
          <text
            x={x + 12}
            y={y + 37}
            fontSize={11}
            fill={guards.length > 0 ? warn : theme.palette.text.secondary}
          >
            <title>{guards.join(', ')}</title>
            {fit(
              guards.length > 0
                ? t('vpc:map.firewalls', { names: guards.join(', ') })
                : t('vpc:map.noFirewall'),
              w - 24,
              11,
            )}
          </text>
          {s.vms.map((vm, i) => (
            <VmRow key={vm.uuid} vm={vm} x={x} y={y + SUBNET_HEAD + i * VM_ROW} w={w - laid.lanes} t={t} />
          ))}
        </g>
      ))}
      {laid.subnets.length === 0 && (
        <text
          x={PAD}
          y={HEAD + (laid.balancers.length > 0 ? LB_H + GAP * 2 : 0) + 24}
          fontSize={13}
          fill={theme.palette.text.secondary}
        >
          {t('vpc:map.noVms')}
        </text>
      )}

      {laid.balancers.map(({ x, y, w, b }, index) => (
        <g key={b.uuid} data-testid={`vpc-map-lb-${b.uuid}`}>
          {b.targetVmUuids.map((id) => {
            const to = laid.vmAt.get(id);
            if (!to) return null;
            // Down from the balancer, along its own lane right of the rows, into the VM's row.
            const lane = Math.min(index, 5);
            const sx = x + w / 2;
            const turn = to.subnetTop - 4 - lane * 3;
            const laneX = to.right + 6 + lane * LANE;
            return (
              <path
                key={id}
                d={`M ${sx} ${y + LB_H} V ${turn} H ${laneX} V ${to.mid} H ${to.right + 2}`}
                fill="none"
                stroke={primary}
                strokeWidth={1.5}
                strokeOpacity={0.75}
                strokeLinejoin="round"
                markerEnd="url(#vpc-map-arrow-lb)"
              />
            );
          })}
          <rect
            x={x}
            y={y}
            width={w}
            height={LB_H}
            rx={22}
            fill={theme.palette.background.paper}
            stroke={primary}
            strokeWidth={1.5}
          />
          <text
            x={x + w / 2}
            y={y + 19}
            fontSize={13}
            fontWeight={600}
            textAnchor="middle"
            fill={theme.palette.text.primary}
          >
            {fit(b.name, w - 24)}
          </text>
          <text
            x={x + w / 2}
            y={y + 35}
            fontSize={11}
            textAnchor="middle"
            fill={theme.palette.text.secondary}
          >
            {fit(
              `${t('vpc:map.balancer')} · ${b.protocol.toUpperCase()}:${b.port} · ${t('vpc:map.targets', { count: b.targetVmUuids.length })}`,
              w - 16,
              11,
            )}
          </text>
        </g>
      ))}

      {laid.routes.map(({ x, y, from, r }, i) => {
        const path =
          from.x > x
            ? ''
            : from.y < y
              ? `M ${from.x} ${from.y} L ${from.x} ${y + ROUTE_H / 2} L ${x - 2} ${y + ROUTE_H / 2}`
              : `M ${from.x} ${from.y} L ${x - 2} ${y + ROUTE_H / 2}`;
        const w = laid.width - x - 2;
        return (
          <g key={`${r.destination}-${i}`} data-testid={`vpc-map-route-${i}`}>
            <path d={path} fill="none" stroke={line} strokeWidth={1.5} markerEnd="url(#vpc-map-arrow)" />
            <rect
              x={x}
              y={y}
              width={w}
              height={ROUTE_H}
              rx={6}
              fill={theme.palette.background.paper}
              stroke={line}
              strokeDasharray="5 3"
            />
            <text
              x={x + 10}
              y={y + 19}
              fontSize={12}
              fontFamily="monospace"
              fontWeight={600}
              fill={theme.palette.text.primary}
            >
              {fit(r.destination, w - 20, 12)}
            </text>
            <text x={x + 10} y={y + 36} fontSize={11} fill={theme.palette.text.secondary}>
              {fit(`→ ${routeTarget(r, t)}`, w - 20, 11)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function Legend() {
  const { t } = useTranslation(['vpc', 'enums']);
  const theme = useTheme();
  const items = [VmStatus.RUNNING, VmStatus.STOPPED, VmStatus.STARTING, VmStatus.ERROR];
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }} aria-label={t('map.legend')}>
      {items.map((s) => (
        <Stack key={s} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: statusColour(theme, s) }} />
          <Typography variant="caption">{t(`enums:vmStatus.${s}`)}</Typography>
        </Stack>
      ))}
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
        <Box sx={{ width: 4, height: 12, bgcolor: theme.palette.warning.dark }} />
        <Typography variant="caption">{t('map.legendGuarded')}</Typography>
      </Stack>
    </Stack>
  );
}

/** The VPC detail page's map tab: the drawing from one call (GET /api/vpcs/{uuid}/map). */
export function VpcMapTab({ vpc }: { vpc: Vpc }) {
  const { t } = useTranslation(['vpc', 'resource']);
  const map = useVpcMap(vpc.netUuid);
  const { ref, width } = useWidth();
  return (
    <Stack spacing={1.5} data-testid="vpc-map">
      <Box ref={ref} sx={{ width: '100%', minHeight: 120 }}>
        {map.isPending ? (
          <PageSpinner />
        ) : !map.data ? (
          <Alert severity="warning">{t('resource:detail.failed')}</Alert>
        ) : (
          width > 0 && <MapDrawing map={map.data} width={width} />
        )}
      </Box>
      <Legend />
    </Stack>
  );
}
