trap '' INT HUP
declare -A live=()
while read -r op pid; do
  case "$op" in
    +) live[$pid]=1 ;;
    -) unset "live[$pid]" ;;
  esac
done
[ ${#live[@]} -eq 0 ] && exit 0
for pid in "${!live[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null; done
for _ in $(seq 1 100); do
  alive=0
  for pid in "${!live[@]}"; do
    if kill -0 -- "-$pid" 2>/dev/null || kill -0 "$pid" 2>/dev/null; then alive=1; fi
  done
  [ "$alive" -eq 0 ] && exit 0
  sleep 0.1
done
for pid in "${!live[@]}"; do kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null; done
