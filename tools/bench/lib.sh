# Shared by the benchmark scripts (source it).
# timed CMD...: runs CMD with its output discarded, prints its wall time in seconds.
timed() {
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc
}
# median: of the lines on stdin (";"- or newline-separated), by their first number;
# prints the whole median line.
median() { tr ';' '\n' | sed '/^$/d' | sort -n -k1,1 | awk '{l[NR]=$0} END {print l[int((NR+1)/2)]}'; }
