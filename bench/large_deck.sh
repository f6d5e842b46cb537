#!/bin/sh
# A deck of N distinct cards (default 10000), built with bocage-gen: the time
# and the peak memory (README, Performance). The game is `bocage-gen new`'s,
# its cards.csv grown to N rows, each card with its own name, number and rule.
#   bench/large_deck.sh [N] [BOCAGE_GEN]
set -eu
n=${1:-10000}
gen=${2:-build/generator/bocage-gen}
gen=$(cd "$(dirname "$gen")" && pwd)/$(basename "$gen")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
"$gen" --lang en new big >/dev/null
csv=data/big/cards.csv
head -n 1 "$csv" > "$csv.new"
i=1
awk -v n="$n" 'BEGIN {
  kinds = "IAS"; split("小銃分隊 機関銃班 迫撃砲班 衛生兵 偵察班 工兵班 狙撃兵 通信兵", names, " ");
  for (i = 1; i <= n; i++) {
    k = substr(kinds, i % 3 + 1, 1);
    printf "c%05d,%s%d,Unit %d,1,%s,%d,#4b5320,%d番目の部隊は前進して射撃する。敵1部隊は次の手番、動けない。,Unit %d advances and fires.\n", i, names[i % 8 + 1], i, i, k, i % 9 + 1, i, i
  }
}' >> "$csv.new"
mv "$csv.new" "$csv"
/usr/bin/time -f "%e s, %M KB peak" "$gen" --lang en build big --out out 2>&1 | tail -2
for f in out/big/*.pdf; do
  pages=$(pdfinfo "$f" 2>/dev/null | awk '/^Pages:/ {print $2}')
  echo "$f: $(wc -c < "$f") bytes, ${pages:-?} pages"
done
