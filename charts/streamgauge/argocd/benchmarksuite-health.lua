-- Argo CD health of a Streamgauge BenchmarkSuite (streamgauge.io/BenchmarkSuite), from its status:
--   no status yet, or one for an older generation  -> Progressing
--   Pending, Running                                -> Progressing, with the suite's progress
--   Failed (it could not run)                       -> Degraded, with the Ready condition's reason
--   Succeeded, but Valid or Gate False              -> Degraded, saying which runs or rules and why
--   Succeeded, every run valid, gate passed or none -> Healthy, with the tally of its runs
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
local problems = {}
local valid = condition("Valid")
if valid ~= nil and valid.status == "False" then
  table.insert(problems, "not valid: " .. said(valid))
end
local gate = condition("Gate")
if gate ~= nil and gate.status == "False" then
  table.insert(problems, "gate failed: " .. said(gate))
end
if #problems > 0 then
  hs.status = "Degraded"
  hs.message = "Completed, but " .. table.concat(problems, "; ")
  return hs
end
hs.status = "Healthy"
local ready = condition("Ready")
hs.message = "Completed"
if ready ~= nil and ready.message ~= nil then
  hs.message = "Completed: " .. ready.message
end
if gate ~= nil then
  hs.message = hs.message .. "; gate passed"
end
return hs
