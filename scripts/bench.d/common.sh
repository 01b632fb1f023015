# Shared by scripts/bench and scripts/bench-compare (sourced): waiting for a server, and the
# benchmark's data (a development sign-in, a vault, 20 hints).

wait_for() { for _ in $(seq 1 200); do curl -fs "$1" >/dev/null 2>&1 && return 0; sleep 0.1; done; echo "bench: $1 did not come up" >&2; exit 1; }

# seed SERVER_URL: sign in, vault, 20 hints; prints the token
seed() {
  local base="$1" token
  token=$(curl -fs -X POST "$base/knot/auth/dev" -H 'Content-Type: application/json' -d '{"email":"bench@example.com"}' \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
  local vault='{"partner_name":"Alex","interests":["Cooking","Hiking","Coffee","Music","Art"],"dislikes":["Cars","Gaming","Sports","Karaoke","Shopping"],"milestones":[{"milestone_type":"birthday","milestone_name":"Birthday","milestone_date":"2000-03-15","recurrence":"yearly"}],"vibes":["outdoorsy","romantic"],"budgets":[{"occasion_type":"just_because","min_amount":2000,"max_amount":5000,"currency":"USD"},{"occasion_type":"minor_occasion","min_amount":5000,"max_amount":15000,"currency":"USD"},{"occasion_type":"major_milestone","min_amount":10000,"max_amount":50000,"currency":"USD"}],"love_languages":{"primary":"quality_time","secondary":"receiving_gifts"}}'
  curl -fs -X POST "$base/knot/api/v1/vault" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d "$vault" >/dev/null
  for i in $(seq 1 20); do
    curl -fs -X POST "$base/knot/api/v1/hints" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
      -d "{\"hint_text\":\"hint number $i: she keeps mentioning pottery classes and the hiking trail by the lake\"}" >/dev/null
  done
  echo "$token"
}
