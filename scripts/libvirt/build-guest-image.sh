#!/bin/sh
# Builds the small guest image of the libvirt driver (decision 0035) from Debian packages only:
#   OUT/vmlinuz        the kernel of linux-image-cloud-amd64's dependency (downloaded, unpacked)
#   OUT/initrd.img     a busybox-static initramfs: virtio drivers, eth0 from portal.ip= (else DHCP),
#                      a shell on ttyS0
# Usage: build-guest-image.sh [OUT]   (default: ${DATA_DIR:-data}/libvirt/images/tiny)
# Re-runnable: it rebuilds both files from a fresh work directory. Needs apt-get, dpkg-deb,
# cpio, gzip and /bin/busybox from busybox-static (scripts/libvirt/host-up.sh installs them).
set -eu

OUT="${1:-${DATA_DIR:-data}/libvirt/images/tiny}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"

# 1. The kernel: the package linux-image-cloud-amd64 depends on, unpacked, not installed.
KPKG="$(apt-cache depends linux-image-cloud-amd64 | sed -n 's/^ *Depends: \(linux-image-[^ ]*\)$/\1/p' | head -n1)"
[ -n "$KPKG" ] || { echo "build-guest-image: no linux-image-cloud-amd64 in apt's lists (apt-get update?)" >&2; exit 1; }
(cd "$WORK" && apt-get download "$KPKG" >/dev/null 2>&1 || apt-get download "$KPKG")
dpkg-deb -x "$WORK"/"$KPKG"_*.deb "$WORK/kernel"
KVER="${KPKG#linux-image-}"
MODS="$WORK/kernel/lib/modules/$KVER/kernel"

# 2. The initramfs tree: busybox and its applets, the modules /init loads, and the scripts.
R="$WORK/root"
mkdir -p "$R/bin" "$R/sbin" "$R/etc/acpi/PWRF" "$R/proc" "$R/sys" "$R/dev" "$R/tmp" "$R/root" \
  "$R/usr/bin" "$R/usr/sbin" "$R/usr/share/udhcpc" "$R/lib/modules"
cp /bin/busybox "$R/bin/busybox"
# Hard links inside the tree, never symlinks to /bin/busybox: a file written into the tree
# below must not be able to write through a link onto the build machine's own busybox.
for a in $(/bin/busybox --list-full); do
  [ -e "$R/$a" ] || ln "$R/bin/busybox" "$R/$a"
done

# In dependency order (each module's "depends=" comes before it): virtio's PCI transport, the
# disk and network devices, the balloon (memory figures for the metrics), the ACPI power button
# (so `virsh shutdown` stops the guest cleanly).
MODULES="virtio_ring virtio virtio_pci_modern_dev virtio_pci_legacy_dev virtio_pci virtio_blk
  failover net_failover virtio_net virtio_balloon virtio_console button evdev"
for m in $MODULES; do
  cp "$(find "$MODS" -name "$m.ko" | head -n1)" "$R/lib/modules/"
done
echo "$MODULES" | tr -s ' \n' '\n\n' | sed '/^$/d' > "$R/lib/modules/order"

cat > "$R/init" <<'INIT'
#!/bin/sh
# PID 1 first: mount the kernel's filesystems, load the drivers, then busybox init takes over.
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts && mount -t devpts devpts /dev/pts
for m in $(cat /lib/modules/order); do insmod "/lib/modules/$m.ko" 2>/dev/null; done
# The host may name the guest: portal.hostname=NAME on the kernel's command line.
for arg in $(cat /proc/cmdline); do
  case "$arg" in portal.hostname=*) hostname "${arg#portal.hostname=}" ;; esac
done
exec /sbin/init
INIT

cat > "$R/etc/inittab" <<'TAB'
::sysinit:/etc/rc
ttyS0::respawn:/bin/cttyhack /bin/sh -l
::ctrlaltdel:/sbin/poweroff
::shutdown:/bin/echo "portal-tiny: going down"
TAB

cat > "$R/etc/rc" <<'RC'
#!/bin/sh
# The power button first: a stop asked while the guest still boots is heard as soon as can be.
mkdir -p /var/log /var/run
acpid -c /etc/acpi -l /var/log/acpid.log
ip link set lo up
# The portal gives the address on the kernel's command line (portal.ip=ADDRESS/PREFIX): a VPC's
# network has no DHCP server. Without one, the guest asks by DHCP (another host's network).
address=$(sed -n 's/.*portal\.ip=\([0-9./]*\).*/\1/p' /proc/cmdline)
if [ -e /sys/class/net/eth0 ]; then
  ip link set eth0 up
  if [ -n "$address" ]; then ip addr add "$address" dev eth0
  else udhcpc -i eth0 -b -q -t 5 -T 2 -s /usr/share/udhcpc/default.script >/dev/null 2>&1
  fi
fi
echo
echo "portal-tiny guest: kernel $(uname -r), $(grep -c '^processor' /proc/cpuinfo) vCPU, $(sed -n 's/^MemTotal: *//p' /proc/meminfo)"
ip -4 addr show eth0 2>/dev/null | sed -n 's/^ *inet \([^ ]*\).*/address: eth0 \1/p'
RC

# udhcpc's hook: set the address, the default route and the resolver it was given.
cat > "$R/usr/share/udhcpc/default.script" <<'DHCP'
#!/bin/sh
case "$1" in
  deconfig) ip addr flush dev "$interface"; ip link set "$interface" up ;;
  bound|renew)
    ip addr flush dev "$interface"
    ip addr add "$ip/${mask:-24}" dev "$interface"
    for r in $router; do ip route replace default via "$r" dev "$interface"; break; done
    : > /etc/resolv.conf
    for d in $dns; do echo "nameserver $d" >> /etc/resolv.conf; done ;;
esac
DHCP

# The ACPI power button (virsh shutdown): busybox acpid runs /etc/acpi/PWRF/00000080.
# The guest runs from memory: what it wrote to a disk is synced and the disks let go, then the
# power goes at once (busybox init's own shutdown waits seconds for processes that are not there).
printf '#!/bin/sh\nsync\numount -a -r 2>/dev/null\nexec /sbin/poweroff -f\n' > "$R/etc/acpi/PWRF/00000080"
echo 'root::0:0:root:/root:/bin/sh' > "$R/etc/passwd"
echo 'PS1='"'"'\h:\w# '"'" > "$R/etc/profile"
chmod +x "$R/init" "$R/etc/rc" "$R/usr/share/udhcpc/default.script" "$R/etc/acpi/PWRF/00000080"

# 3. Pack: the kernel as is, the tree as a gzipped newc cpio.
cp "$WORK/kernel/boot/vmlinuz-$KVER" "$OUT/vmlinuz"
(cd "$R" && find . | cpio -o -H newc --quiet | gzip -9) > "$OUT/initrd.img"
echo "build-guest-image: $OUT/vmlinuz ($KVER) and $OUT/initrd.img ($(du -k "$OUT/initrd.img" | cut -f1) KiB)"
