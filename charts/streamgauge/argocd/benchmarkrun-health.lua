-- Argo CD health of a Streamgauge BenchmarkRun (streamgauge.io/BenchmarkRun), from its status:
--   no status yet, or one for an older generation  -> Progressing
--   Pending ... Collecting, or a gate waiting       -> Progressing, with the run's progress
--   Failed                                          -> Degraded, with the Ready condition's reason
--   Succeeded, but Valid or Gate False              -> Degraded, saying which and why: numbers a
--                                                      pipeline must not ship on
--   Succeeded, valid, gate passed (or none)         -> Healthy, with the p99 latency
local hs = {}

local function condition(type)
  if obj.status.conditions == nil then
    return nil
  end
  for _, c in ipairs(obj.status.conditions) do
    if c.type == type then
      return c
    end
  end
  return nil
end

local function said(c)
  return (c.reason or "") .. ": " .. (c.message or "")
end

if obj.status == nil or obj.status.phase == nil then
  hs.status = "Progressing"
  hs.message = "Waiting for the Streamgauge operator"
  return hs
end
if obj.metadata ~= nil and obj.metadata.generation ~= nil and obj.status.observedGeneration ~= nil
    and obj.status.observedGeneration < obj.metadata.generation then
  hs.status = "Progressing"
  hs.message = "Waiting for the operator to observe generation " .. obj.metadata.generation
  return hs
end
local phase = obj.status.phase
if phase == "Failed" then
  hs.status = "Degraded"
  hs.message = "Failed"
  local ready = condition("Ready")
  if ready ~= nil and ready.status == "False" then
    hs.message = "Failed: " .. said(ready)
  end
  return hs
end
if phase ~= "Succeeded" then
  hs.status = "Progressing"
  hs.message = obj.status.progress or phase
  return hs
end
local ended = condition("Ended")
local gate = condition("Gate")
if (ended ~= nil and ended.status == "False") or (gate ~= nil and gate.status == "Unknown") then
  hs.status = "Progressing"
  hs.message = "Succeeded; judging the gate: " .. said(gate or ended)
  return hs
end
local problems = {}
local valid = condition("Valid")
if valid ~= nil and valid.status == "False" then
  table.insert(problems, "not valid: " .. said(valid))
end
if gate ~= nil and gate.status == "False" then
  table.insert(problems, "gate failed: " .. said(gate))
end
if #problems > 0 then
  hs.status = "Degraded"
  hs.message = "Succeeded, but " .. table.concat(problems, "; ")
  return hs
end
hs.status = "Healthy"
hs.message = "Succeeded"
local summary = obj.status.summary
if summary ~= nil and summary.latency ~= nil and summary.latency.p99Ms ~= nil then
  hs.message = "Succeeded: p99 " .. summary.latency.p99Ms .. " ms"
end
if gate ~= nil then
  hs.message = hs.message .. "; gate passed"
end
return hs
