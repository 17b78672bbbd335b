#!/usr/bin/env python3
"""The SDRAM reads of a CC_TLM_REQUESTS log (docs/tlm.md), by what they move, and how many
read a 256-byte burst the same query had read before: at all, and among the last N
distinct bursts read (a store on the chip of N bursts, least recently read replaced,
emptied at each query's start). Sums over the queries of the log.

  CC_TLM_REQUESTS=/tmp/req.txt build/bin/collide ... --backend tlm ...
  scripts/request_repeats.py /tmp/req.txt [N]        (N: 16 unless given)
"""
import collections
import sys


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    store = int(sys.argv[2]) if len(sys.argv) == 3 else 16
    reads, repeats, held = collections.Counter(), collections.Counter(), collections.Counter()
    seen, recent = set(), []  # this query's bursts; its distinct bursts, least recently read first
    with open(sys.argv[1]) as f:
        for n, line in enumerate(f, 1):
            fields = line.split()
            if fields == ['query']:
                seen, recent = set(), []
                continue
            if len(fields) != 3:
                sys.exit(f'{sys.argv[1]}:{n}: expected "cycle what address" or "query", got {line!r}')
            what, burst = fields[1], int(fields[2]) >> 8
            if what == 'result':
                continue
            reads[what] += 1
            if burst in seen:
                repeats[what] += 1
                newer = len(recent) - 1 - recent.index(burst)
                held[what] += newer < store
                recent.remove(burst)
            seen.add(burst)
            recent.append(burst)
    print(f'{"reads of":<14} {"count":>7} {"repeated":>9} {f"held by {store}":>12}')
    for what in sorted(reads):
        print(f'{what:<14} {reads[what]:>7} {repeats[what]:>9} {held[what]:>12}')
    print(f'{"all":<14} {sum(reads.values()):>7} {sum(repeats.values()):>9} {sum(held.values()):>12}')


if __name__ == '__main__':
    main()
