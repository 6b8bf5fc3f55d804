-- Argo CD health of a Streamgauge BenchmarkRun (streamgauge.io/BenchmarkRun), from its status:
--   no status yet, or one for an older generation  -> Progressing
--   Pending ... Collecting                          -> Progressing, with the run's progress
--   Succeeded                                       -> Healthy, with the p99 latency
--   Failed                                          -> Degraded, with the Ready condition's reason
local hs = {}
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
if phase == "Succeeded" then
  hs.status = "Healthy"
  hs.message = "Succeeded"
  local summary = obj.status.summary
  if summary ~= nil and summary.latency ~= nil and summary.latency.p99Ms ~= nil then
    hs.message = "Succeeded: p99 " .. summary.latency.p99Ms .. " ms"
  end
  return hs
end
if phase == "Failed" then
  hs.status = "Degraded"
  hs.message = "Failed"
  if obj.status.conditions ~= nil then
    for _, condition in ipairs(obj.status.conditions) do
      if condition.type == "Ready" and condition.status == "False" then
        hs.message = "Failed: " .. (condition.reason or "") .. ": " .. (condition.message or "")
      end
    end
  end
  return hs
end
hs.status = "Progressing"
hs.message = obj.status.progress or phase
return hs
