import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart } from "~/components/ui/bar-chart";
import { DataTable } from "~/components/ui/data-table";

const columns = [
  { key: "clip", header: "Clip" },
  { key: "views", header: "Views", numeric: true },
];
const rows = [
  { key: "a", header: "A clip", cells: ["1,000"], data: { clip: "a" } },
  { key: "b", header: "B clip", cells: ["3"], data: { clip: "b" } },
];

describe("the figures' table", () => {
  it("heads each column and each row, so a screen reader names both for a cell", () => {
    const html = renderToString(<DataTable columns={columns} rows={rows} testId="clips" />);
    expect(html).toContain('<table class="w-full text-left text-sm" data-testid="clips">');
    expect(html.match(/<th scope="col"/g)).toHaveLength(2);
    expect(html).toMatch(/<tr class="[^"]*" data-clip="a"><th scope="row" class="[^"]*">A clip<\/th><td class="[^"]*">1,000<\/td><\/tr>/);
  });

  it("right-aligns figures in tabular digits", () => {
    const html = renderToString(<DataTable columns={columns} rows={rows} tone="panel" region={{ labelledBy: "clips-heading" }} />);
    expect(html).toContain('<th scope="col" class="p-3 text-right">Views</th>');
    expect(html).toContain('<td class="p-3 text-right tabular-nums">3</td>');
  });

  it("scrolls a wide table inside a focusable region with a name", () => {
    const labelled = renderToString(<DataTable columns={columns} rows={rows} tone="panel" region={{ labelledBy: "clips-heading" }} />);
    expect(labelled).toMatch(/^<div class="overflow-x-auto[^"]*" role="region" tabindex="0" aria-labelledby="clips-heading"><table/);
    const named = renderToString(<DataTable columns={columns} rows={rows} tone="text" region={{ label: "Field" }} />);
    expect(named).toMatch(/^<div class="overflow-x-auto" role="region" tabindex="0" aria-label="Field"><table/);
    expect(renderToString(<DataTable columns={columns} rows={rows} />)).toMatch(/^<table/);
  });

  it("hides itself from sight but not from screen readers, with its caption", () => {
    const html = renderToString(<DataTable columns={columns} rows={rows} tone="hidden" caption="Views per clip" />);
    expect(html).toMatch(/^<table class="sr-only"><caption>Views per clip<\/caption>/);
  });
});

describe("the bar chart", () => {
  const bars = [
    { key: "d1", label: "1 Nov: no views", value: 0, colour: "bg-flame-500", data: { day: "2026-11-01" } },
    { key: "d2", label: "2 Nov: 6 views", value: 6, colour: "bg-flame-500", data: { day: "2026-11-02" } },
    { key: "d3", label: "3 Nov: 12 views", value: 12, colour: "bg-flame-300/80", data: { day: "2026-11-03" } },
  ];

  it("is a named list whose items say their figures in words, the bars themselves hidden", () => {
    const html = renderToString(<BarChart caption="Views per day" label="Views per day" size="short" max={12} bars={bars} />);
    expect(html).toMatch(/^<figure[^>]*><figcaption[^>]*>Views per day<\/figcaption>/);
    expect(html).toContain('<ol class="flex h-full items-end gap-px" aria-label="Views per day">');
    expect(html).toContain('<li class="flex h-full flex-1 items-end" data-day="2026-11-02"><span class="sr-only">2 Nov: 6 views</span>');
    expect(html).toContain('<span aria-hidden="true" class="w-full rounded-t bg-flame-500" style="height:50%;min-height:2px">');
    expect(html).not.toContain("<table");
  });

  it("draws nothing for zero unless asked to show a sliver", () => {
    const plain = renderToString(<BarChart caption="c" label="l" size="tall" max={12} bars={bars} />);
    expect(plain).toContain('style="height:0%;min-height:0"');
    const sliver = renderToString(<BarChart caption="c" label="l" size="short" max={12} bars={bars} showZero />);
    expect(sliver).toContain('style="height:0%;min-height:2px"');
  });

  it("draws the overlay inside the plot, ticks hidden from screen readers, and the figures' table", () => {
    const html = renderToString(
      <BarChart
        caption="Time per day"
        label="Time per day"
        size="tall"
        max={12}
        bars={bars.map((bar, i) => ({ ...bar, tick: i === 2 ? "3 Nov" : "" }))}
        overlay={<div data-testid="goal" className="absolute" />}
        table={{
          caption: "Time per day",
          columns: [
            { key: "day", header: "Day" },
            { key: "time", header: "Time" },
          ],
          rows: [{ key: "d3", header: "3 Nov", cells: ["12 s"] }],
        }}
      />,
    );
    expect(html).toMatch(/<div class="relative h-40"><div data-testid="goal" class="absolute"><\/div><ol/);
    expect(html).toContain(
      '<div aria-hidden="true" class="mt-1 flex gap-1 text-center text-[0.65rem] text-ink-300"><span class="flex-1 truncate"></span>',
    );
    expect(html).toContain('<span class="flex-1 truncate">3 Nov</span>');
    expect(html).toMatch(/<table class="sr-only"><caption>Time per day<\/caption>.*<th scope="row">3 Nov<\/th><td>12 s<\/td>/);
  });
});
