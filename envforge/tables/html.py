"""A page as one self-contained HTML file: no network, light and dark, sortable and filterable.

Everything is inline: the style, a small script (sort by a column's head, filter rows by text, on
every table), SVG marks and charts. Without the script the page still reads: tables, <details>.
"""

from __future__ import annotations

import html

from .. import __version__
from .marks import COLOURS, svg_mark
from .page import Cell, Chart, Page, Table

__all__ = ["page_html"]

_CSS = """
:root{color-scheme:light dark;--fg:#1b1f24;--muted:#57606a;--bg:#fff;--head:#f6f8fa;--line:#d0d7de;
--bar:%(pass)s;--pass:%(pass)s;--fail:%(fail)s;--warn:%(warn)s;--skip:%(skip)s}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--head:#161b22;
--line:#3d444d;--bar:#56B4E9}}
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem;color:var(--fg);
background:var(--bg)}
h1{font-size:1.4rem;margin-bottom:.2rem} h2{font-size:1.15rem;margin-top:2rem}
.meta,.caption,.sources{color:var(--muted)} .sources{font-size:.85em}
table{border-collapse:collapse;width:100%%;margin-bottom:.5rem}
th,td{border:1px solid var(--line);padding:.35rem .55rem;vertical-align:top;text-align:left}
thead th{background:var(--head);cursor:pointer;user-select:none}
.scroll{overflow-x:auto}
thead th[aria-sort=ascending]::after{content:" \\25B2"} thead th[aria-sort=descending]::after{content:" \\25BC"}
code{font-size:.9em} .mark{vertical-align:-3px;margin-right:.3rem}
td.pass{border-left:4px solid var(--pass)} td.fail{border-left:4px solid var(--fail)}
td.warn{border-left:4px solid var(--warn)} td.skip{border-left:4px dashed var(--skip)}
details summary{cursor:pointer} details ul{margin:.3rem 0;padding-left:1.1rem}
#filter{font:inherit;padding:.35rem .5rem;width:24rem;max-width:100%%;margin-bottom:1rem}
.chart text{font-size:12px;fill:var(--fg)} .chart rect{fill:var(--bar)} .empty{color:var(--muted);font-style:italic}
.legend{color:var(--muted);margin-top:2rem}
@media print{body{margin:0} #filter{display:none} thead th{cursor:auto}}
""" % {str(k): v for k, v in COLOURS.items()}

_SCRIPT = """
(function(){
  function key(td){var k=td.getAttribute('data-sort');if(k===null)k=td.textContent.trim();
    var n=parseFloat(k);return (k!==''&&!isNaN(n)&&isFinite(k))?n:k.toLowerCase();}
  document.querySelectorAll('table.sortable').forEach(function(table){
    table.querySelectorAll('thead th').forEach(function(th,i){
      th.setAttribute('tabindex','0');
      function sort(){
        var asc=th.getAttribute('aria-sort')!=='ascending';
        table.querySelectorAll('thead th').forEach(function(o){o.removeAttribute('aria-sort');});
        th.setAttribute('aria-sort',asc?'ascending':'descending');
        var body=table.tBodies[0],rows=Array.prototype.slice.call(body.rows);
        rows.sort(function(a,b){var x=key(a.cells[i]),y=key(b.cells[i]);
          if(typeof x!==typeof y){x=String(x);y=String(y);}
          return (x<y?-1:x>y?1:0)*(asc?1:-1);});
        rows.forEach(function(r){body.appendChild(r);});
      }
      th.addEventListener('click',sort);
      th.addEventListener('keydown',function(e){if(e.key==='Enter'||e.key===' '){e.preventDefault();sort();}});
    });
  });
  var box=document.getElementById('filter');
  if(box){box.addEventListener('input',function(){
    var words=box.value.toLowerCase().split(/\\s+/).filter(Boolean);
    document.querySelectorAll('table.sortable tbody tr').forEach(function(tr){
      var text=tr.textContent.toLowerCase();
      tr.hidden=!words.every(function(w){return text.indexOf(w)>=0;});
    });
  });}
})();
"""


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _cell(cell: Cell, tag: str = "td") -> str:
    text = _e(cell.text) if cell.text else "-"
    if cell.code and cell.text:
        text = f"<code>{text}</code>"
    if cell.status is not None:
        text = svg_mark(cell.status) + text
    attrs = f' class="{cell.status}"' if cell.status else ""
    if cell.sort is not None:
        attrs += f' data-sort="{_e(cell.sort)}"'
    details = [*cell.details, *([cell.note] if cell.note else [])]
    if details:
        items = "".join(f"<li>{_e(line)}</li>" for line in details)
        text = f"<details><summary>{text}</summary><ul>{items}</ul></details>"
    return f"<{tag}{attrs}>{text}</{tag}>"


def _table(table: Table) -> str:
    head = "".join(f'<th scope="col">{_e(c)}</th>' for c in table.columns)
    rows = "".join(
        "<tr>" + _cell(row[0], "th") + "".join(_cell(c) for c in row[1:]) + "</tr>"
        for row in table.rows
    )
    caption = f'<p class="caption">{_e(table.caption)}</p>' if table.caption else ""
    sources = (
        '<p class="sources">Sources: '
        + "; ".join(f"<b>{_e(k)}</b> {_e(v)}" for k, v in table.sources)
        + "</p>"
        if table.sources
        else ""
    )
    return (
        f'<section id="{_e(table.id)}"><h2>{_e(table.title)}</h2>{caption}'
        f'<div class="scroll"><table class="sortable" data-table="{_e(table.id)}"><thead><tr>'
        f"{head}</tr></thead><tbody>{rows}</tbody></table></div>{sources}</section>"
    )


def _chart(chart: Chart) -> str:
    if not chart.bars:
        return f'<section id="{_e(chart.id)}"><h2>{_e(chart.title)}</h2><p class="empty">{_e(chart.empty)}</p></section>'
    width, bar_h, label_w = 760, 22, 330
    top = max(value for _, value in chart.bars) or 1.0
    height = bar_h * len(chart.bars) + 10
    bars = []
    for i, (label, value) in enumerate(chart.bars):
        y = 5 + i * bar_h
        w = max(2.0, (width - label_w - 90) * value / top)
        bars.append(
            f'<text x="{label_w - 8}" y="{y + 15}" text-anchor="end">{_e(label)}</text>'
            f'<rect x="{label_w}" y="{y + 3}" width="{w:.1f}" height="{bar_h - 6}"/>'
            f'<text x="{label_w + w + 6:.1f}" y="{y + 15}">{value:g} {_e(chart.unit)}</text>'
        )
    return (
        f'<section id="{_e(chart.id)}"><h2>{_e(chart.title)}</h2><svg class="chart" role="img" '
        f'aria-label="{_e(chart.title)}" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">{"".join(bars)}</svg>'
        "</section>"
    )


def page_html(page: Page) -> str:
    sections = "".join(_table(s) if isinstance(s, Table) else _chart(s) for s in page.sections)
    legend = f'<p class="legend">{_e(page.legend)}</p>' if page.legend else ""
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{_e(page.title)}</title>"
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f'<meta name="generator" content="envforge {_e(__version__)}"><style>{_CSS}</style></head>'
        f'<body><h1>{_e(page.title)}</h1><p class="meta">{_e(page.meta)}</p>'
        '<input id="filter" type="search" placeholder="Filter rows (all words must match)" '
        f'aria-label="Filter rows">{sections}{legend}<script>{_SCRIPT}</script></body></html>\n'
    )
