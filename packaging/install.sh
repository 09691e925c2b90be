#!/bin/sh
# Installs Parley from this unpacked release, as root: the program in /usr/local/bin, its
# settings in /etc/parley (kept if present), its data folder /var/lib/parley, the systemd unit,
# and the docs in /usr/local/share/doc/parley. Running it again upgrades the program and the
# unit and leaves the settings and the data alone. docs/OPERATIONS.md says what comes next.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ "$(id -u)" != 0 ]; then
    echo "install.sh: run it as root (sudo sh install.sh)" >&2
    exit 1
fi
# The C libraries the program links: SQLite and zlib (the C and C++ runtimes are always there).
if ! ldconfig -p | grep -q 'libsqlite3.so.0 ' || ! ldconfig -p | grep -q 'libz.so.1 '; then
    apt-get install -y libsqlite3-0 zlib1g
fi
getent group parley >/dev/null || groupadd --system parley
getent passwd parley >/dev/null || useradd --system --gid parley --home-dir /var/lib/parley --no-create-home \
    --shell /usr/sbin/nologin --comment "Parley game server" parley
# A new program replaces the old one whole: a running server keeps the file it started from.
install -m 0755 "$here/bin/parley" /usr/local/bin/parley.new
mv -f /usr/local/bin/parley.new /usr/local/bin/parley
install -d -m 0750 -o root -g parley /etc/parley /etc/parley/tls
if [ ! -e /etc/parley/config.json ]; then
    install -m 0640 -o root -g parley "$here/etc/config.json" /etc/parley/config.json
fi
install -d -m 0700 -o parley -g parley /var/lib/parley
install -d -m 0755 /usr/local/share/doc/parley
install -m 0644 "$here"/docs/* /usr/local/share/doc/parley/
install -m 0644 "$here/etc/parley.service" /etc/systemd/system/parley.service
if [ -d /run/systemd/system ]; then
    systemctl daemon-reload
    echo "Installed. Start it with: systemctl enable --now parley"
else
    echo "Installed. This machine runs no systemd: start it with"
    echo "  setpriv --reuid parley --regid parley --init-groups /usr/local/bin/parley serve --config /etc/parley/config.json"
fi
/usr/local/bin/parley --version
