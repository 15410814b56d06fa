import JSON
import LabelPresentation
import LabelSpecIDE
import LabelVocabulary

/// `render`'s index.html: one page that loads nothing from the network. The labels are data in
/// the page (JSON in a `<script type="application/json">`, with every `<` escaped so no text
/// of a label can end it); a short script lists them 50 at a time as the reader scrolls, failing
/// labels first, and draws a label's grid only while it is in view or near it (an
/// IntersectionObserver), so a workspace of thousands of labels stays usable. Per label: a grid
/// of text variants (locale, plural form, device; and screen width) × content sizes, each cell
/// the SVG as an `<img>` (identical pictures are one file), failing cells marked; the fonts the
/// pictures were drawn with.
enum ReportPage {
    static func html(_ report: RenderReport) -> String {
        var sizes: [ContentSizeCategory] = []
        for r in report.rows where !sizes.contains(r.category) { sizes.append(r.category) }
        sizes.sort { (ContentSizeCategory.allCases.firstIndex(of: $0) ?? 0) < (ContentSizeCategory.allCases.firstIndex(of: $1) ?? 0) }
        var families: [String] = []
        var labels: [JSONValue] = []
        for label in report.labels {
            // Grid rows: a text variant on a width (screens of one width together), in order.
            var rowKeys: [String] = []
            var rowNames: [String: String] = [:]
            var cells: [String: [String: JSONValue]] = [:]
            var labelFamilies: [String] = []
            for c in label.cells {
                let r = report.rows[c.row]
                // A text variant: its locale (and plural form), or "text"; the device whose text it
                // is (a String Catalog's iPhone and iPad variations); the width of its screens.
                let variant = FitMatrix.name(of: r.variant, .reportRow) ?? "text"
                let key = variant + "\u{0}" + (r.screen == nil ? "" : "\(r.layout.width)\u{0}\(r.screen?.idiom == .pad ? "pad" : "phone")")
                if rowNames[key] == nil {
                    rowKeys.append(key)
                    rowNames[key] = variant + (r.screen == nil ? "" : " · \(ScreenLength.number(MeasuredRow.rounded(r.layout.width))) pt")
                }
                for f in c.families where !labelFamilies.contains(f) { labelFamilies.append(f) }
                let size = r.category.rawValue
                if case .object(let existing)? = cells[key]?[size] {
                    // Another screen of the same width: its name joins the cell's.
                    var e = existing
                    if let s = r.screen, let i = e.firstIndex(where: { $0.0 == "screens" }), case .array(let names) = e[i].1 {
                        e[i].1 = .array(names + [.string(s.name)])
                    }
                    cells[key]![size] = .object(e)
                    continue
                }
                // Text set in code: said in place of what the (empty) layout shows.
                var summary = LayoutSummary.cell(r.layout)
                switch r.fromCode {
                case .setInCode?: summary = "text set in code, not measured"
                case .maybe(let outlet)?: summary += " · text may be set in code (outlet '\(outlet)')"
                case nil: break
                }
                cells[key, default: [:]][size] = .object([
                    ("svg", .string(c.svg)),
                    ("w", .double(MeasuredRow.rounded(c.width))),
                    ("h", .double(MeasuredRow.rounded(c.height))),
                    ("fail", .bool(r.layout.isCut)),
                    ("says", .string(summary)),
                    ("screens", .array(r.screen.map { [.string($0.name)] } ?? [])),
                ])
            }
            for f in labelFamilies where !families.contains(f) { families.append(f) }
            // Cells of the grid that fail (a cell stands for the screens of one width).
            let failingCells = cells.values.reduce(0) { n, row in
                n
                    + row.values.filter { cell in
                        if case .object(let pairs) = cell, pairs.contains(where: { $0.0 == "fail" && $0.1 == .bool(true) }) { return true }
                        return false
                    }.count
            }
            labels.append(
                .object([
                    ("file", .string(label.file)),
                    ("line", .int(label.line)),
                    ("name", .string(label.name)),
                    ("failing", .int(failingCells)),
                    ("fonts", .array(labelFamilies.map { .string($0) })),
                    ("system", .bool(label.systemFont)),
                    (
                        "rows",
                        .array(
                            rowKeys.map { k in
                                .object([
                                    ("name", .string(rowNames[k]!)),
                                    ("cells", .array(sizes.map { cells[k]?[$0.rawValue] ?? .null })),
                                ])
                            })
                    ),
                ]))
        }
        let data = JSONValue.object([
            ("sizes", .array(sizes.map { .string($0.displayName) })),
            ("fonts", .array(families.map { .string($0) })),
            ("labels", .array(labels)),
            ("incomplete", .bool(report.incomplete || report.undrawable > 0)),
        ]).serialized(pretty: false)
        // No `<` in the data: "</script>" in a label's text cannot end the element.
        let safe = data.replacingOccurrences(of: "<", with: "\\u003c")
        return page.replacingOccurrences(of: "@DATA@", with: safe)
    }

    static let page = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <title>LabelSpec: will this text fit?</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 0 1.5em 2em; color: #1c1c1e; background: #f2f2f7; }
        header { position: sticky; top: 0; background: #f2f2f7; padding: 0.8em 0; border-bottom: 1px solid #d1d1d6; z-index: 1; }
        h1 { font-size: 1.3em; margin: 0 0 0.3em; }
        .note { color: #636366; max-width: 60em; margin: 0.2em 0; }
        section { background: #fff; border-radius: 8px; margin: 1em 0; padding: 0.6em 1em; overflow-x: auto; }
        section.failing { border-left: 4px solid #ff2d55; }
        h2 { font-size: 1.05em; margin: 0.2em 0; font-family: ui-monospace, monospace; }
        .fonts { color: #636366; font-size: 0.9em; }
        table { border-collapse: collapse; margin-top: 0.4em; }
        th { font-weight: 600; text-align: left; padding: 2px 8px; font-size: 0.85em; color: #3a3a3c; vertical-align: top; white-space: nowrap; }
        td { padding: 4px 8px; vertical-align: top; }
        td.fail img { outline: 2px solid #ff2d55; outline-offset: 2px; }
        td .says { font-size: 0.8em; color: #636366; }
        td.fail .says { color: #d70015; font-weight: 600; }
        img { display: block; background: #fff; }
        #more { height: 1px; }
        </style>
        </head>
        <body>
        <header>
        <h1>LabelSpec: will this text fit?</h1>
        <p class="note" id="summary"></p>
        <p class="note" id="fontnote"></p>
        <label><input type="checkbox" id="failing"> failing labels only</label>
        <label style="margin-left:1.5em">label or file <input type="search" id="search" size="24"></label>
        </header>
        <noscript><p>This page lists its labels with a script: allow scripts for this file.</p></noscript>
        <main id="labels"></main>
        <div id="more"></div>
        <script type="application/json" id="data">@DATA@</script>
        <script>
        "use strict";
        const data = JSON.parse(document.getElementById("data").textContent);
        const labels = data.labels.map((l, i) => Object.assign(l, { order: i }))
          .sort((a, b) => (b.failing > 0) - (a.failing > 0) || a.order - b.order);
        const failingCount = labels.filter(l => l.failing > 0).length;
        document.getElementById("summary").textContent =
          labels.length + " label" + (labels.length === 1 ? "" : "s") + ", " + failingCount + " failing (truncated or clipped in a cell); failing labels first." +
          (data.incomplete ? " This report may be incomplete: a file could not be read, a string table could not be read (its labels show their key or the development language's text), a labelspec.json has problems (its defaults were used), or a label could not be measured or drawn (labelspec render said which)." : "");
        document.getElementById("fontnote").textContent =
          "Drawn from LabelSpec's own layout with the fonts installed where it ran" + (data.fonts.length ? " (" + data.fonts.join(", ") + ")" : "") +
          ": stand-ins for Apple's SF Pro and its fallbacks. Line breaks, truncation and clipping are LabelSpec's; glyph shapes are not Apple's.";
        const main = document.getElementById("labels");
        const pageSize = 50;
        let shown = [];
        let next = 0;
        function el(tag, attrs, text) {
          const e = document.createElement(tag);
          for (const k in attrs || {}) if (attrs[k] !== "") e.setAttribute(k, attrs[k]);
          if (text !== undefined) e.textContent = text;
          return e;
        }
        // A section's grid is drawn only while the section is in view or near it (a screen's
        // height above and below): its pictures are loaded and decoded then, and dropped again when
        // it is scrolled far away (a placeholder keeps its height), so a report of thousands of
        // pictures costs what a screenful does.
        const near = new IntersectionObserver(entries => {
          for (const e of entries) {
            if (e.isIntersecting) draw(e.target); else undraw(e.target);
          }
        }, { rootMargin: "100% 0px" });
        function section(l) {
          const s = el("section", { class: l.failing > 0 ? "failing" : "" });
          s.appendChild(el("h2", {}, l.file + ":" + l.line + ": " + l.name));
          s.appendChild(el("div", { class: "fonts" }, (l.failing > 0 ? l.failing + " failing cell" + (l.failing === 1 ? "" : "s") + " · " : "") +
            "drawn with " + l.fonts.join(", ") + (l.system ? " (for SF Pro)" : "")));
          const grid = el("div", { class: "grid" });
          // Until drawn: about as tall as the grid will be (a header, then each row's tallest cell
          // with its caption).
          grid.style.height = (24 + l.rows.reduce((h, row) => h + 30 + Math.max(0, ...row.cells.map(c => c ? c.h : 0)), 0)) + "px";
          s.appendChild(grid);
          s.label = l;
          near.observe(s);
          return s;
        }
        function draw(s) {
          const grid = s.lastChild;
          if (grid.firstChild) return;
          grid.appendChild(table(s.label));
          grid.style.height = "";
        }
        function undraw(s) {
          const grid = s.lastChild;
          if (!grid.firstChild) return;
          grid.style.height = grid.offsetHeight + "px";
          grid.textContent = "";
        }
        function table(l) {
          const t = el("table");
          const head = el("tr");
          head.appendChild(el("th"));
          for (const size of data.sizes) head.appendChild(el("th", {}, size));
          t.appendChild(head);
          for (const row of l.rows) {
            const tr = el("tr");
            tr.appendChild(el("th", {}, row.name));
            for (const c of row.cells) {
              const td = el("td", { class: c && c.fail ? "fail" : "" });
              if (c) {
                const alt = l.name + " " + row.name + ": " + c.says;
                td.appendChild(el("img", { src: c.svg, width: c.w, height: c.h, alt: alt, title: c.screens.length ? c.screens.join(", ") : alt }));
                td.appendChild(el("div", { class: "says" }, c.says));
              } else {
                // A size this label's workspace does not measure (another labelspec.json's sizes).
                td.appendChild(el("div", { class: "says" }, "not measured"));
              }
              tr.appendChild(td);
            }
            t.appendChild(tr);
          }
          return t;
        }
        const more = document.getElementById("more");
        function showMore() {
          const end = Math.min(shown.length, next + pageSize);
          const added = [];
          for (; next < end; next++) added.push(main.appendChild(section(shown[next])));
          // The sections in view now are drawn at once (the observer reports only at the next frame).
          for (const s of added) {
            const r = s.getBoundingClientRect();
            if (r.top > 2 * innerHeight) break;
            if (r.bottom >= -innerHeight) draw(s);
          }
          // A batch that leaves the end of the list in view (a tall window): the next one now, since
          // the observer fires only when the end enters or leaves the view.
          if (next < shown.length) requestAnimationFrame(() => {
            if (next < shown.length && more.getBoundingClientRect().top < innerHeight) showMore();
          });
        }
        function refresh() {
          const onlyFailing = document.getElementById("failing").checked;
          const q = document.getElementById("search").value.trim().toLowerCase();
          // As the heading reads: "file:line: name".
          shown = labels.filter(l => (!onlyFailing || l.failing > 0) && (!q || (l.file + ":" + l.line + ": " + l.name).toLowerCase().includes(q)));
          near.disconnect();
          main.textContent = "";
          next = 0;
          showMore();
        }
        new IntersectionObserver(entries => { if (entries.some(e => e.isIntersecting)) showMore(); })
          .observe(more);
        document.getElementById("failing").addEventListener("change", refresh);
        document.getElementById("search").addEventListener("input", refresh);
        refresh();
        </script>
        </body>
        </html>

        """
}
