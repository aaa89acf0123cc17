#!/bin/sh
# Makes this machine a libvirt host for the portal's libvirt driver (decision 0035), from Debian's
# packages only. Idempotent: installs what is missing, starts the daemons that are not running.
# Run as root. Machines with systemd start the daemons as services; containers without it
# (CI, this repository's dev machines) get them started here by hand.
set -eu

PACKAGES="qemu-system-x86 qemu-utils libvirt-daemon-system libvirt-clients busybox-static cpio"
URI="${LIBVIRT_URI:-qemu:///system}"

missing=""
for p in $PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "host-up: installing$missing"
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing
fi

running() { pgrep -x "$1" >/dev/null 2>&1; }
if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  systemctl start virtlogd.socket virtlockd.socket libvirtd.service
else
  # Without systemd: each daemon forks itself (-d) and writes its pid file under /run.
  for d in virtlogd virtlockd libvirtd; do
    running "$d" || { echo "host-up: starting $d"; "$d" -d; }
  done
fi

# libvirtd opens its socket a moment after forking.
i=0
until virsh -q -c "$URI" uri >/dev/null 2>&1; do
  i=$((i + 1))
  [ "$i" -le 30 ] || { echo "host-up: libvirt at $URI does not answer" >&2; exit 1; }
  sleep 0.5
done
echo "host-up: libvirt answers at $URI ($(virsh -q -c "$URI" version | grep -i 'running hypervisor' || true))"
