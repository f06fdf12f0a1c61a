# The example fights' shared helpers: each fracas command printed exactly as it runs, quoted
# so that it pastes back into a shell, and a closing summary of the fight. Sourced by
# examples/*.sh once they are in the checkout and have set DB.

say() { printf '\n### %s\n' "$*"; }

# quoted WORD...: the words as one line a POSIX shell reads back as the same words, quoted
# only where they need it (as Python's shlex.join quotes them).
quoted() {
  local out=() word q="'\"'\"'"
  for word in "$@"; do
    if [[ $word =~ ^[A-Za-z0-9@%+=:,./_-]+$ ]]; then
      out+=("$word")
    else
      out+=("'${word//"'"/$q}'")
    fi
  done
  printf '%s' "${out[*]}"
}

# begin: say where the commands run (the sheets' paths are relative to it), and start afresh.
begin() {
  printf '$ %s\n' "$(quoted cd "$PWD")"
  rm -f "$DB" "$DB-wal" "$DB-shm"
}

# f ARGS...: `fracas --db "$DB" ARGS`, printed first as it runs.
f() {
  printf '\n$ %s\n' "$(quoted fracas --db "$DB" "$@")"
  fracas --db "$DB" "$@"
}

# summary TEXT: what this fight showed (a line), and how it ended, read from the file: the
# branches, the last replay --verify of main, who is standing. Printed, and added to
# $FRACAS_DEMO_SUMMARY when it is set (scripts/demo.sh prints them all at its end).
summary() {
  local facts name
  facts=$(
    STATUS=$(fracas --db "$DB" --json status) \
      BRANCHES=$(fracas --db "$DB" --json branches) \
      VERIFY=$(fracas --db "$DB" --json replay --verify --branch main) \
      python3 "$(dirname "${BASH_SOURCE[0]}")/summary.py"
  )
  name=$(basename "$0" .sh)
  printf '\n== %s (%s): %s\n   %s\n' "$name" "$DB" "$1" "$facts"
  if [ -n "${FRACAS_DEMO_SUMMARY:-}" ]; then
    printf '%s (%s): %s\n   %s\n' "$name" "$DB" "$1" "$facts" >>"$FRACAS_DEMO_SUMMARY"
  fi
}
