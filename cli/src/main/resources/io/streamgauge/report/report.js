// Draws a Streamgauge report's charts with uPlot from the data inlined in #report-data. Records
// errors on <body data-errors> and the charts drawn on <body data-charts>, so a headless browser
// can tell a report that drew from one that did not.
(function () {
  "use strict";
  var errors = [];
  function mark() {
    document.body.dataset.errors = String(errors.length);
    document.body.dataset.errorText = errors.join(" | ");
  }
  window.addEventListener("error", function (e) { errors.push(String(e.message)); mark(); });
  var consoleError = console.error;
  console.error = function () {
    errors.push(Array.prototype.join.call(arguments, " "));
    mark();
    consoleError.apply(console, arguments);
  };
  mark();

  var data = JSON.parse(document.getElementById("report-data").textContent);
  var GROUP_COLORS = {
    run: ["#1f77b4"],
    baseline: ["#1f4e9c", "#3b75c4", "#6a9ad8", "#9dbde8", "#0b2f66"],
    candidate: ["#b3261e", "#d9534f", "#ee8a7f", "#f4b6ad", "#7a120d"]
  };
  var PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"];
  var groupOrder = [];
  var drawn = 0;

  // A side of a comparison has its own shades; any other group (a suite's cells) its own color.
  function colorOf(group, n) {
    var shades = GROUP_COLORS[group];
    if (shades) { return shades[(n - 1) % shades.length]; }
    if (groupOrder.indexOf(group) < 0) { groupOrder.push(group); }
    return PALETTE[groupOrder.indexOf(group) % PALETTE.length];
  }

  function width() { return Math.max(480, Math.min(1040, document.body.clientWidth - 40)); }

  function empty(el, why) {
    var p = document.createElement("p");
    p.className = "empty";
    p.textContent = why;
    el.appendChild(p);
  }

  // x = 1 / (1 - p): 50 % → 2, 99 % → 100, 99.9 % → 1000, as HdrHistogram plots percentiles.
  // uPlot passes null for a tick whose label it hides.
  function percentLabel(x) {
    if (x == null || !(x >= 1)) { return null; }
    return parseFloat((100 * (1 - 1 / x)).toFixed(4)).toString() + "%";
  }

  function spectrum(el) {
    var spectra = data.spectra || [];
    if (spectra.length === 0) { empty(el, "No latency was timed."); return; }
    var used = {};
    var tables = spectra.map(function (s) {
      var xs = [], ys = [];
      s.points.forEach(function (p) {
        if (p[0] < 100) { xs.push(1 / (1 - p[0] / 100)); ys.push(p[1]); }
      });
      return [xs, ys];
    });
    var joined = uPlot.join(tables);
    var series = [{ label: "percentile",
      value: function (u, v) { return percentLabel(v) || "–"; } }];
    var most = 1;
    tables.forEach(function (t) { t[0].forEach(function (x) { most = Math.max(most, x); }); });
    spectra.forEach(function (s) {
      var n = used[s.group] = (used[s.group] || 0) + 1;
      series.push({ label: s.label, stroke: colorOf(s.group, n), width: 1.5,
        spanGaps: true, points: { show: false },
        value: function (u, v) { return v == null ? "–" : v.toFixed(1) + " ms"; } });
    });
    new uPlot({
      width: width(), height: 340,
      scales: { x: { time: false, distr: 3, log: 10, range: function () { return [1, Math.max(10, most)]; } } },
      axes: [
        { label: "percentile",
          splits: function () {
            var ticks = [1, 2];
            for (var x = 10; x <= Math.max(10, most); x *= 10) { ticks.push(x); }
            return ticks;
          },
          values: function (u, ticks) { return ticks.map(percentLabel); } },
        { label: "latency (ms)", size: 70 }
      ],
      series: series
    }, joined, el);
    drawn++;
  }

  function windowsPlugin(w) {
    return { hooks: { drawClear: [function (u) {
      function shade(from, to, color) {
        if (from == null || to == null) { return; }
        var x0 = u.valToPos(from, "x", true), x1 = u.valToPos(to, "x", true);
        u.ctx.save();
        u.ctx.fillStyle = color;
        u.ctx.fillRect(x0, u.bbox.top, x1 - x0, u.bbox.height);
        u.ctx.restore();
      }
      shade(w.warmupStart, w.measurementStart, "rgba(255, 165, 0, 0.13)");
      shade(w.measurementStart, w.measurementEnd, "rgba(40, 120, 220, 0.10)");
    }] } };
  }

  // Times are UTC everywhere in a report, as the result's windows are, whatever the reader's zone:
  // ticks at round UTC times read "16:00:05", the date above the first and wherever the day
  // changes; the cursor's legend "2026-12-04 16:00:05 UTC". The last chart's tick labels are kept
  // on <body data-time-labels> for a headless browser to read.
  function utc(t) { return new Date(t * 1000).toISOString(); }
  function utcTicks(u, ticks) {
    var day = null;
    var labels = ticks.map(function (t) {
      if (t == null) { return null; }
      var date = utc(t).substring(0, 10), time = utc(t).substring(11, 19);
      var label = date !== day ? date + "\n" + time : time;
      day = date;
      return label;
    });
    document.body.dataset.timeLabels = labels.join(" | ");
    return labels;
  }
  function utcZone(ts) { return uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"); }
  function utcLegend(u, t) { return t == null ? "--" : utc(t).substring(0, 19).replace("T", " ") + " UTC"; }

  // lines: [{label, points: [[t, v], …], color}], constants: [{label, value, color}]
  function timeline(el, unit, lines, constants, note) {
    lines = lines.filter(function (l) { return l.points && l.points.length > 0; });
    if (lines.length === 0) { empty(el, "No data over time (Prometheus had none, or the run ended early)."); return; }
    var joined = uPlot.join(lines.map(function (l) {
      return [l.points.map(function (p) { return p[0]; }), l.points.map(function (p) { return p[1]; })];
    }));
    var xs = joined[0];
    var series = [{ label: "time (UTC)", value: utcLegend }];
    lines.forEach(function (l) {
      series.push({ label: l.label, stroke: l.color, width: 1.5, spanGaps: true });
    });
    var highest = 0;
    joined.slice(1).forEach(function (ys) {
      ys.forEach(function (y) { if (y != null) { highest = Math.max(highest, y); } });
    });
    var offScale = [];
    constants.forEach(function (c) {
      // A limit far above the data would flatten it: said in words instead.
      if (c.value > 4 * highest) { offScale.push(c.label + " " + c.value.toLocaleString("en") + " " + unit); return; }
      joined.push(xs.map(function () { return c.value; }));
      series.push({ label: c.label, stroke: c.color, width: 1, dash: [6, 4], points: { show: false } });
    });
    if (offScale.length > 0) {
      note = (note ? note + " " : "") + "Off the chart: " + offScale.join(", ") + ".";
    }
    new uPlot({
      width: width(), height: 240,
      scales: { x: { time: true } },
      tzDate: utcZone,
      axes: [{ values: utcTicks, size: 56 }, { label: unit, size: 70 }],
      series: series,
      plugins: [windowsPlugin(data.timeline.windows || {})]
    }, joined, el);
    if (note) {
      var p = document.createElement("p");
      p.className = "legend-note";
      p.textContent = note;
      el.appendChild(p);
    }
    drawn++;
  }

  // A capacity search: the cores each rate needs as a step line, every probe as a point.
  function demand(el) {
    var d = data.demand || {};
    var sets = [
      { label: "needs (cores)", points: d.needs || [], color: "#1f77b4", line: true },
      { label: "probe passed", points: d.passed || [], color: "#2ca02c", line: false },
      { label: "probe failed", points: d.failed || [], color: "#d62728", line: false }
    ].filter(function (s) { return s.points.length > 0; });
    if (sets.length === 0) { empty(el, "No probe was judged."); return; }
    var joined = uPlot.join(sets.map(function (s) {
      return [s.points.map(function (p) { return p[0]; }), s.points.map(function (p) { return p[1]; })];
    }));
    var highest = 1;
    sets.forEach(function (s) { s.points.forEach(function (p) { highest = Math.max(highest, p[1]); }); });
    var series = [{ label: "records/s", value: function (u, v) { return v == null ? "–" : v.toLocaleString("en"); } }];
    sets.forEach(function (s) {
      series.push(s.line
        ? { label: s.label, stroke: s.color, width: 2, spanGaps: true, points: { show: false } }
        : { label: s.label, stroke: s.color, fill: s.color, paths: function () { return null; },
            points: { show: true, size: 8, stroke: s.color, fill: s.color } });
    });
    new uPlot({
      width: width(), height: 300,
      scales: { x: { time: false }, y: { range: function () { return [0, highest + 1]; } } },
      axes: [{ label: "input rate (records/s)" }, { label: "cores (instances × CPU limit)", size: 70 }],
      series: series
    }, joined, el);
    drawn++;
  }

  var WINDOWS_NOTE = "Shaded: warmup (orange), measurement window (blue).";

  function charts() {
    var t = data.timeline || { series: {} };
    var s = t.series || {};
    var limitNote = t.limitsEnforced ? "" : " The limit is the spec's; locally no limit is enforced.";
    var limitLabel = t.instances > 1 ? "limit (" + t.instances + " instances)" : "limit";
    if (t.instances > 1) {
      limitNote += " The app's " + t.instances + " instances summed, against the sum of their limits.";
    }
    document.querySelectorAll("figure.chart").forEach(function (el) {
      switch (el.dataset.chart) {
        case "spectrum": spectrum(el); break;
        case "demand": demand(el); break;
        case "throughput":
          timeline(el, "records/s",
            [{ label: "produced", points: s.producedPerSec, color: "#1f77b4" },
             { label: "consumed", points: s.consumedPerSec, color: "#2ca02c" }]
              .concat(t.targetSeries ? [{ label: "target (shaped)", points: t.targetSeries, color: "#555" }] : []),
            t.targetPerSec && !t.targetSeries ? [{ label: "target", value: t.targetPerSec, color: "#555" }] : [],
            WINDOWS_NOTE);
          break;
        case "latency":
          timeline(el, "ms", [{ label: "p99", points: s.latencyP99Ms, color: "#d62728" }], [],
            WINDOWS_NOTE + " Bucketed: the tables' percentiles come from the HdrHistograms.");
          break;
        case "cpu":
          timeline(el, "cores", [{ label: "app CPU", points: s.cpuCores, color: "#9467bd" }],
            t.cpuLimitCores ? [{ label: limitLabel, value: t.cpuLimitCores, color: "#555" }] : [],
            WINDOWS_NOTE + limitNote);
          break;
        case "memory":
          timeline(el, "MiB",
            [{ label: "memory", points: s.memoryMiB, color: "#8c564b" },
             { label: "heap", points: s.heapMiB, color: "#ff7f0e" }],
            t.memoryLimitMiB ? [{ label: limitLabel, value: t.memoryLimitMiB, color: "#555" }] : [],
            WINDOWS_NOTE + limitNote);
          break;
        default: break;
      }
    });
    document.body.dataset.charts = String(drawn);
  }

  try {
    charts();
  } catch (e) {
    errors.push(String(e && e.stack || e));
    mark();
    document.body.dataset.charts = String(drawn);
  }
})();
