-- Mixed traffic for scripts/soak.sh, one request kind after another on each connection:
-- an operator's account read, a paid meme (1 credit), the public menu (limited per client
-- address, so mostly 429 once the minute's allowance is spent), a meme page, a bad key (401).
-- Every answer's status is tallied per thread; `done` prints the totals for the slice.

local operator = os.getenv("SOAK_OPERATOR")
local page = os.getenv("SOAK_PAGE")
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
  n = 0
end

function request()
  n = n + 1
  local k = n % 10
  if k < 4 then
    return wrk.format("GET", "/api/agent/me", { ["x-api-key"] = operator })
  elseif k < 6 then
    local body = string.format('{"input":"soak %d %d"}', math.random(1, 1000000000), n)
    return wrk.format("POST", "/api/agent/brands/memes",
      { ["x-api-key"] = operator, ["content-type"] = "application/json" }, body)
  elseif k < 8 then
    return wrk.format("GET", "/api/agent/services")
  elseif k < 9 then
    return wrk.format("GET", page)
  else
    return wrk.format("GET", "/api/agent/me", { ["x-api-key"] = "ak_live_not_a_key" })
  end
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    local seen = thread:get("statuses")
    for status, count in pairs(seen) do
      total[status] = (total[status] or 0) + count
    end
  end
  local parts = {}
  for status, count in pairs(total) do
    table.insert(parts, string.format("%d=%d", status, count))
  end
  table.sort(parts)
  io.write(string.format("SLICE requests=%d errors=%d p50_ms=%.1f p99_ms=%.1f max_ms=%.1f statuses=%s\n",
    summary.requests, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000, table.concat(parts, ",")))
end
