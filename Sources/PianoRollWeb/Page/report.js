"use strict";

// The dataset report page: draws the summary that `midiroll report --json` prints (embedded in
// the page as #report-data) as tables and SVG bar charts. Every bar carries its count in
// data-count, so what is drawn can be checked against the JSON.

(() => {
  const SVG = "http://www.w3.org/2000/svg";

  function element(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function svgElement(tag, attributes, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, String(value));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function formatNumber(value) {
    if (value === null || value === undefined) return "–";
    if (Number.isInteger(value)) return value.toLocaleString("en");
    const magnitude = Math.abs(value);
    return magnitude >= 100 ? value.toFixed(1) : magnitude >= 1 ? value.toFixed(2) : value.toPrecision(3);
  }

  function drawTotals(report) {
    const body = document.querySelector("#totals tbody");
    const rows = [
      ["inputs", report.inputs], ["ok", report.ok], ["failed", report.failed], ["skipped", report.skipped],
      ["duplicates", report.duplicates], ["missing", report.missing],
    ];
    if (report.stats) rows.push(["with statistics", report.stats.files], ["refused by muspy", report.stats.muspyRefused]);
    for (const [name, value] of rows) {
      const row = element("tr", { "data-name": name });
      row.appendChild(element("td", {}, name));
      row.appendChild(element("td", { class: "value", "data-value": String(value) }, formatNumber(value)));
      body.appendChild(row);
    }
  }

  function drawFailures(report) {
    const body = document.querySelector("#failures tbody");
    if (report.failures.length === 0) {
      document.getElementById("failures").hidden = true;
      document.getElementById("no-failures").hidden = false;
    }
    for (const group of report.failures) {
      const row = element("tr", { "data-count": String(group.count) });
      row.appendChild(element("td", {}, formatNumber(group.count)));
      row.appendChild(element("td", {}, group.reason));
      row.appendChild(element("td", {}, group.examples.join(", ")));
      body.appendChild(row);
    }
  }

  function drawDuplicates(report) {
    const list = document.getElementById("duplicates");
    const groups = report.duplicateGroups || [];
    if (groups.length === 0) document.getElementById("no-duplicates").hidden = false;
    for (const group of groups) {
      const item = element("li", { "data-kept": group.kept, "data-count": String(group.duplicates.length) });
      item.appendChild(element("strong", {}, group.kept));
      const others = element("ul");
      for (const path of group.duplicates) others.appendChild(element("li", {}, path));
      item.appendChild(others);
      list.appendChild(item);
    }
  }

  // A vertical bar chart of a histogram: one bar per bin, the range below.
  function histogramChart(histogram) {
    const width = 340;
    const height = 150;
    const bottom = 18;
    const chart = element("section", { class: "chart", "data-chart": histogram.name, "data-kind": "histogram" });
    chart.appendChild(element("h3", {}, histogram.title));
    const svg = svgElement("svg", { viewBox: `0 0 ${width} ${height}`, role: "img" });
    const largest = Math.max(1, ...histogram.bins);
    const step = histogram.bins.length > 0 ? width / histogram.bins.length : width;
    histogram.bins.forEach((count, index) => {
      const barHeight = ((height - bottom - 4) * count) / largest;
      const bar = svgElement("rect", {
        class: "bar", x: index * step + 1, y: height - bottom - barHeight, width: Math.max(1, step - 2),
        height: barHeight, "data-count": count, "data-bin": index,
      });
      const low = histogram.min + ((histogram.max - histogram.min) * index) / histogram.bins.length;
      const high = histogram.min + ((histogram.max - histogram.min) * (index + 1)) / histogram.bins.length;
      bar.appendChild(svgElement("title", {}, `${formatNumber(low)} – ${formatNumber(high)}: ${count} file(s)`));
      svg.appendChild(bar);
    });
    svg.appendChild(svgElement("line", { x1: 0, x2: width, y1: height - bottom, y2: height - bottom, stroke: "#d5dae3" }));
    svg.appendChild(svgElement("text", { x: 0, y: height - 4 }, formatNumber(histogram.min)));
    svg.appendChild(svgElement("text", { x: width, y: height - 4, "text-anchor": "end" }, formatNumber(histogram.max)));
    chart.appendChild(svg);
    let caption = `${formatNumber(histogram.count)} file(s)`;
    if (histogram.missing > 0) caption += `, ${formatNumber(histogram.missing)} without a value`;
    chart.appendChild(element("p", { class: "caption" }, caption));
    return chart;
  }

  // A horizontal bar chart of counts by name (meters, keys, instrument families).
  function countChart(name, title, entries, unit) {
    const width = 340;
    const row = 18;
    const label = 130;
    const shown = entries.slice(0, 16);
    const height = Math.max(row, shown.length * row);
    const chart = element("section", { class: "chart", "data-chart": name, "data-kind": "counts" });
    chart.appendChild(element("h3", {}, title));
    const svg = svgElement("svg", { viewBox: `0 0 ${width} ${height}`, role: "img" });
    const largest = Math.max(1, ...shown.map((entry) => entry[unit]));
    shown.forEach((entry, index) => {
      const count = entry[unit];
      const barWidth = ((width - label - 50) * count) / largest;
      svg.appendChild(svgElement("text", { x: label - 6, y: index * row + 13, "text-anchor": "end" }, entry.name));
      const bar = svgElement("rect", {
        class: "bar", x: label, y: index * row + 3, width: Math.max(1, barWidth), height: row - 6,
        "data-count": count, "data-name": entry.name,
      });
      bar.appendChild(svgElement("title", {}, `${entry.name}: ${count} ${unit}`));
      svg.appendChild(bar);
      svg.appendChild(svgElement("text", { x: label + barWidth + 4, y: index * row + 13 }, formatNumber(count)));
    });
    chart.appendChild(svg);
    const more = entries.length - shown.length;
    chart.appendChild(element("p", { class: "caption" }, more > 0 ? `and ${more} more` : `${entries.length} kind(s)`));
    return chart;
  }

  function drawCharts(report) {
    const charts = document.getElementById("charts");
    if (!report.stats) {
      document.getElementById("no-stats").hidden = false;
      return;
    }
    for (const histogram of report.stats.histograms) charts.appendChild(histogramChart(histogram));
    charts.appendChild(countChart("meters", "meters (files)", report.stats.meters, "files"));
    charts.appendChild(countChart("keys", "keys (files)", report.stats.keys, "files"));
    charts.appendChild(countChart("instruments", "General MIDI families (notes)", report.stats.instruments, "notes"));
  }

  function main() {
    const report = JSON.parse(document.getElementById("report-data").textContent);
    if (report.reports && report.reports.length > 0) {
      document.getElementById("folder").textContent = `${report.reports.length} report(s), ${report.runs} run(s)`;
    }
    drawTotals(report);
    drawFailures(report);
    drawDuplicates(report);
    drawCharts(report);
    document.body.setAttribute("data-drawn", "true");
  }

  main();
})();
