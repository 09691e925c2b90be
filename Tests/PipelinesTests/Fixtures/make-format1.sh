#!/bin/bash
# How Fixtures/format1 was made, with the parley of commit 4d857f4 (format-1 events, no index):
#   make-format1.sh PATH/TO/parley /tmp/fix
# then data/{events.sqlite,secret,alive,tls/*} and clients/*/install-key.pem were copied.
# Two bots play an Ice Cream game and a Battleship game to the end, start a third game and are
# killed in it (its turn clock runs), and the server is stopped, down for 3 s, and run once more.
set -e
P=$1; OUT=$2
rm -rf $OUT; mkdir -p $OUT
D=$OUT/data
PORT=18543
$P serve --data $D --port $PORT --host 127.0.0.1 > $OUT/serve.log 2>&1 &
SERVE=$!
for i in $(seq 50); do grep -q listening $OUT/serve.log && break; sleep 0.2; done
S=wss://127.0.0.1:$PORT
# 1: an ice cream game, two bots
$P bot --home $OUT/clients/amber --server $S --trust-new --name Amber --game icecream --start --seed 1 > $OUT/a1.log 2>&1 &
A=$!
for i in $(seq 50); do grep -q ' invite ' $OUT/a1.log && break; sleep 0.2; done
CODE=$(awk '/ invite /{print $NF; exit}' $OUT/a1.log)
echo "invite $CODE"
$P bot --home $OUT/clients/ben --server $S --trust-new --name Ben --game icecream --invite $CODE --seed 2 > $OUT/b1.log 2>&1
wait $A
# 2: a battleship game between the same two, in a new conversation
$P bot --home $OUT/clients/ben --server $S --trust-new --name Ben --game battleship --variant classic --start --seed 3 > $OUT/b2.log 2>&1 &
B=$!
for i in $(seq 50); do grep -q ' invite ' $OUT/b2.log && break; sleep 0.2; done
CODE2=$(awk '/ invite /{print $NF; exit}' $OUT/b2.log)
echo "invite $CODE2"
$P bot --home $OUT/clients/amber --server $S --trust-new --name Amber --game battleship --invite $CODE2 --seed 4 > $OUT/a2.log 2>&1
wait $B
# 3: a battleship game left running
$P bot --home $OUT/clients/amber --server $S --trust-new --name Amber --game battleship --variant classic --start --seed 5 > $OUT/a3.log 2>&1 &
A3=$!
for i in $(seq 50); do grep -q ' invite ' $OUT/a3.log && break; sleep 0.2; done
CODE3=$(awk '/ invite /{print $NF; exit}' $OUT/a3.log)
$P bot --home $OUT/clients/ben --server $S --trust-new --name Ben --game battleship --invite $CODE3 --seed 6 > $OUT/b3.log 2>&1 &
B3=$!
for i in $(seq 50); do grep -q ' invite ' $OUT/b3.log && break; sleep 0.05; done
sleep 0.3
kill -9 $A3 $B3 || true
sleep 0.5
kill -INT $SERVE; wait $SERVE || true
# down for 3 s, then up once more: a downtime
sleep 3
$P serve --data $D --port $PORT --host 127.0.0.1 > $OUT/serve2.log 2>&1 &
SERVE=$!
for i in $(seq 50); do grep -q listening $OUT/serve2.log && break; sleep 0.2; done
sleep 0.5
kill -INT $SERVE; wait $SERVE || true
python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('PRAGMA wal_checkpoint(TRUNCATE)'); c.close()" $D/events.sqlite
ls -la $D
