"""The privacy report's Jinja2 template, kept in a module so it ships with the package."""

TEMPLATE = r"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }}</title>
<style>
  body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 2rem auto;
         max-width: 62rem; padding: 0 1rem; color: #1f2328; line-height: 1.45; }
  h1 { font-size: 1.6rem; margin-bottom: .2rem; }
  h2 { font-size: 1.25rem; margin-top: 2.2rem; border-bottom: 1px solid #d0d7de; padding-bottom: .3rem; }
  .lead { color: #57606a; margin-top: 0; }
  .verdict { border-radius: 8px; padding: 1rem 1.2rem; font-size: 1.15rem; margin: 1.2rem 0; }
  .verdict.pass { background: #dafbe1; border: 1px solid #4ac26b; }
  .verdict.fail { background: #ffebe9; border: 1px solid #ff8182; }
  .verdict.warn { background: #fff8c5; border: 1px solid #d4a72c; }
  .verdict ul { margin: .5rem 0 0; padding-left: 1.2rem; font-size: 1rem; }
  .provenance { border: 1px solid #d0d7de; border-radius: 8px; padding: .6rem 1rem; margin: 1rem 0; }
  .provenance h2 { margin-top: .2rem; border: 0; font-size: 1.05rem; }
  .provenance dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: 0; }
  .provenance dt { color: #57606a; } .provenance dd { margin: 0; }
  .provenance code { font-size: .9em; }
  .verdict.none { background: #f6f8fa; border: 1px solid #d0d7de; }
  .figures { display: flex; flex-wrap: wrap; gap: 1rem; margin: 1rem 0; }
  .figure { background: #f6f8fa; border-radius: 8px; padding: .7rem 1rem; min-width: 10rem; }
  .figure b { display: block; font-size: 1.5rem; }
  table { border-collapse: collapse; margin: .8rem 0; font-variant-numeric: tabular-nums; }
  th, td { border-bottom: 1px solid #d0d7de; padding: .35rem .7rem; text-align: right; }
  th:first-child, td:first-child { text-align: left; }
  tr.total td { font-weight: 600; border-top: 2px solid #1f2328; }
  .ok { color: #1a7f37; } .bad { color: #cf222e; }
  .histograms { display: grid; grid-template-columns: repeat(auto-fill, minmax(24rem, 1fr)); gap: 1rem; }
  .histograms figure { margin: 0; } .histograms img { width: 100%; height: auto; }
  figcaption { font-size: .9rem; color: #57606a; }
  .conversation { border: 1px solid #d0d7de; border-radius: 8px; padding: .8rem 1rem; margin: 1rem 0; }
  .conversation h3 { margin: 0 0 .4rem; font-size: 1rem; }
  .turn { white-space: pre-wrap; margin: .2rem 0; }
  .speaker { font-weight: 600; }
  mark { background: #fff8c5; border-bottom: 2px solid #d4a72c; padding: 0 .1rem; }
  mark.partial { background: #ddf4ff; border-bottom-color: #54aeff; }
  .muted { color: #57606a; font-size: .9rem; }
  details { margin: .8rem 0; }
</style>
</head>
<body>
<h1>{{ title }}</h1>
<p class="lead">Personal information left in the anonymised corpus, scored as in
Zhang et al., "Data Anonymization for Privacy-Preserving LLM Fine-Tuning on Call Transcripts"
(sections 4.1&ndash;4.3).</p>

<div class="verdict {{ verdict.css }}" id="verdict"><div id="verdict-headline">{{ verdict.headline }}</div>
{% if verdict.details %}<ul id="verdict-details">{% for line in verdict.details %}<li>{{ line }}</li>{% endfor %}</ul>{% endif %}
</div>

<div class="figures">
  <div class="figure"><b>{{ total.with_direct_identifier }}</b>{{ 'conversation still holds' if total.with_direct_identifier == 1 else 'conversations still hold' }} a direct identifier</div>
  <div class="figure"><b>{{ fmt(total.mean_plus_std) }}</b>mean + std (must be below {{ fmt_num(threshold) }})</div>
  <div class="figure"><b>{{ pct(total.share_above_threshold) }}</b>of conversations score above {{ fmt_num(threshold) }}</div>
  <div class="figure"><b>{{ total.count }}</b>{{ 'conversation' if total.count == 1 else 'conversations' }} scored{% if total.audit_sample %} ({{ total.audit_sample.not_audited }} more written, outside the audit sample){% endif %}</div>
</div>

<section class="provenance" id="provenance">
<h2>Where these figures come from</h2>
<dl>
  <dt>Scores from</dt><dd id="provenance-sources">{% for s in provenance.sources %}{{ s.words }}: {{ plural(s.count, 'conversation') }}{% if not loop.last %}; {% endif %}{% else %}not recorded{% endfor %}</dd>
  {% if provenance.auditor and provenance.sources | selectattr('name', 'equalto', 'audit') | list %}<dt>Auditor</dt><dd><code>{{ provenance.auditor }}</code>{% if provenance.auditor_detectors %} ({{ provenance.auditor_detectors | join(' + ') }}){% endif %}</dd>{% endif %}
  {% if total.audit_sample %}<dt>Audit sample</dt><dd id="audit-sample">the auditor read {{ total.audit_sample.audited }} of {{ total.audit_sample.of }} conversations (seeded, fixed size{% if audit_sample %}: {{ audit_sample.size }}, seed {{ audit_sample.seed }}{% endif %}); only they have a score in <code>risk/conversations</code>{% if total.audit_sample.mean_plus_std %}; {{ pct(total.audit_sample.level) }} interval for the whole corpus: mean {{ fmt(total.audit_sample.mean[0]) }}&ndash;{{ fmt(total.audit_sample.mean[1]) }}, mean + std {{ fmt(total.audit_sample.mean_plus_std[0]) }}&ndash;{{ fmt(total.audit_sample.mean_plus_std[1]) }}, verdict on the upper end{% endif %}</dd>{% endif %}
  {% if total.auditor_interval %}<dt>Auditor's estimate</dt><dd id="auditor-interval">{% if total.auditor_interval.basis == 'calibrated estimate' %}counted: mean + std {{ fmt(total.auditor_interval.raw) }}; estimated (hits weighed by their chance of being personal information, misses allowed for): {{ fmt(total.auditor_interval.estimate) }}{% else %}mean + std {{ fmt(total.auditor_interval.estimate) }}{% endif %}; interval {{ fmt(total.auditor_interval.low) }}&ndash;{{ fmt(total.auditor_interval.high) }} ({{ pct(total.auditor_interval.level) }}), verdict on {% if total.auditor_interval.verdict_on == 'upper' %}the upper end{% else %}the estimate{% endif %}{% if total.auditor_interval.borderline %} (borderline: the interval holds the threshold){% endif %}{% if total.auditor_interval.measured_on %}; calibrated on {{ total.auditor_interval.measured_on }}{% endif %}</dd>{% endif %}
  {% if contribution %}<dt>Contributions</dt><dd id="contribution">{{ contribution }}</dd>{% endif %}
  {% if provenance.config %}<dt>Config</dt><dd><code>{{ provenance.config }}</code></dd>{% endif %}
  {% if provenance.detectors is not none %}<dt>Detectors</dt><dd>{{ provenance.detectors | join(', ') or 'none' }}{% for name, reason in (provenance.detectors_missing or {}).items() %}; <b>{{ name }} did not run</b> ({{ reason }}){% endfor %}</dd>{% endif %}
  {% for name, model in (provenance.models or {}).items() %}<dt>Model ({{ name }})</dt><dd><code>{{ model.location }}</code>{% if model.threshold is not none %}, decision threshold {{ model.threshold }}{% endif %}</dd>{% endfor %}
  {% if provenance.records %}<dt>Records</dt><dd id="provenance-records">{{ provenance.records['in'] }} in, {{ provenance.records.written }} written, {{ provenance.records.errored }} errored</dd>{% endif %}
  {% if provenance.input %}<dt>Input</dt><dd><code>{{ provenance.input }}</code></dd>{% endif %}
  <dt>Veil version</dt><dd>{{ provenance.veil_version or 'not recorded' }}</dd>
</dl>
</section>

{% if fields %}<p id="fields">Anonymised: the turns' text, speaker labels ({{ fields.speakers }}){% for name in fields.inspected + fields.transformed_whole %}, <code>{{ name }}</code>{% endfor %}.
Ids: {{ fields.ids }}. Every other field is written as it is, and scored here like the text.
{% for name, seen in (fields.uninspected_with_personal_data or {}).items() %}<br>Field <code>{{ name }}</code> is not
inspected and looked like personal data in {{ seen.records }} of {{ fields.sampled_records }} records sampled at start.{% endfor %}
{% for name, count in (fields.missing or {}).items() %}<br>Field <code>{{ name }}</code> was missing from {{ count }} records.{% endfor %}</p>
{% endif %}
<h2>What the numbers mean</h2>
<p>Each piece of personal information still present after anonymisation scores 0 to 5 by its kind
(5 for a person's name, a card or passport number; 4 for an email address or phone number; 2 for the
speaker's own company; 0 for a company merely mentioned). If only part of it is left, it scores half.
A conversation's score is the sum, counting each piece once however often it is repeated. The corpus
passes when the mean score plus one standard deviation is below {{ fmt_num(threshold) }}: then, if
scores are roughly normal, about 84% of conversations score below it.</p>

<h2>Residual risk by context</h2>
<table id="risk-table">
  <thead><tr><th>Context</th><th>Count</th><th>Mean</th><th>STD</th><th>P95</th><th>Max</th>
  <th>&mu; + &sigma;</th><th>Passes</th><th>&gt; {{ fmt_num(threshold) }}</th><th>Direct identifier</th></tr></thead>
  <tbody>
  {% for row in rows %}
  <tr class="{{ 'total' if row.is_total else '' }}">
    <td>{{ row.name }}</td><td>{{ row.count }}</td><td>{{ fmt(row.mean) }}</td><td>{{ fmt(row.std) }}</td>
    <td>{{ fmt(row.p95) }}</td><td>{{ row.max if row.max is not none else '–' }}</td><td>{{ fmt(row.mean_plus_std) }}</td>
    <td class="{{ 'ok' if row.passes else 'bad' }}">{{ 'yes' if row.passes else ('no' if row.passes is not none else '–') }}</td>
    <td>{{ pct(row.share_above_threshold) }}</td><td>{{ row.with_direct_identifier }}</td>
  </tr>
  {% endfor %}
  </tbody>
</table>
<p class="muted">STD is the population standard deviation. P95 interpolates linearly between
scores (numpy's default). Figures are rounded to one decimal, as in the paper's Table 4.</p>

<h2>Distribution of scores</h2>
<div class="histograms" id="histograms">
{% for h in histograms %}
  <figure class="histogram"><img alt="Histogram of residual-risk scores, {{ h.name }}" src="{{ h.data_uri }}">
  <figcaption>{{ h.name }}: {{ plural(h.count, 'conversation') }}; the dashed line is the threshold {{ fmt_num(threshold) }}{% if h.mean_plus_std is not none %}, the dotted line the mean + std ({{ fmt(h.mean_plus_std) }}){% endif %}. Bars above the threshold are red.</figcaption></figure>
{% endfor %}
</div>

<h2>What is left most often</h2>
{% if top_types %}
<table id="top-types">
  <thead><tr><th>Kind of information</th><th>Pieces</th><th>Conversations</th><th>Score contributed</th></tr></thead>
  <tbody>
  {% for t in top_types %}
  <tr><td>{{ t.label }}</td><td>{{ t['items'] }}</td><td>{{ t.conversations }}</td><td>{{ t.score }}</td></tr>
  {% endfor %}
  </tbody>
</table>
{% else %}<p>No residual personal information was found.</p>{% endif %}

{% macro conversation(c, anchor) %}
<div class="conversation" id="{{ anchor }}">
  <h3>{{ c.id }} <span class="muted">&middot; {{ c.context }} &middot; score {{ c.score }}{% if c.source %} &middot; scored from {{ c.source }}{% endif %}</span></h3>
  {% if c.turns %}{% for turn in c.turns %}
  <div class="turn"><span class="muted turn-number">{{ loop.index }}</span> {% if turn.speaker %}<span class="speaker">{{ turn.speaker_html }}:</span> {% endif %}{{ turn.html }}</div>
  {% endfor %}{% endif %}
  {% for f in c.fields %}
  <div class="turn field"><span class="muted">field</span> <code>{{ f.name }}</code>: {% if f.html is not none %}{{ f.html }}{% else %}<mark title="its value is not in the risk files">(value not kept)</mark>{% endif %}</div>
  {% endfor %}
  {% if c.auditor %}<p class="muted">The auditor, beside the gold labels, scored this conversation {{ c.auditor.score }}.</p>{% endif %}
  {% if c.residual %}
  <table><thead><tr><th>Item</th><th>Where</th><th>Partial</th><th>Speaker's own</th><th>Mentions</th><th>Score</th>{% if c.has_values %}<th>Value</th>{% endif %}</tr></thead>
  <tbody>{% for item in c.residual %}
    <tr><td>{{ item.info_type }}</td><td>{{ item.where }}</td><td>{{ 'yes' if item.partial else '' }}</td><td>{{ 'yes' if item.speaker else '' }}</td>
    <td>{{ item.count }}</td><td>{{ item.score }}</td>{% if c.has_values %}<td>{{ item.value }}</td>{% endif %}</tr>
  {% endfor %}</tbody></table>
  {% else %}<p class="muted">Nothing left.</p>{% endif %}
</div>
{% endmacro %}
<h2>Conversations to review by hand</h2>
<p>A random sample (seed {{ sample_seed }}), the same every time the report is built from the same
results. The text is the anonymised text; what is still personal information is
<mark>highlighted</mark> (<mark class="partial">blue</mark>: the rest of a value that was partly redacted).{% if not any_text %}
<b>The risk files hold no conversation text (no risk/review.jsonl), so only the items left are shown.</b>{% endif %}</p>
{% for c in sample %}
{{ conversation(c, 'conv-' ~ loop.index) }}
{% else %}
<p class="muted">No conversations were sampled.</p>
{% endfor %}
{% if missing_sample %}<p class="muted">Not found in the risk files: {{ missing_sample | join(', ') }}.</p>{% endif %}

{% if highest %}
<h2>Highest-scoring conversations</h2>
<table id="highest"><thead><tr><th>Conversation</th><th>Context</th><th>Score</th></tr></thead>
<tbody>{% for h in highest %}<tr><td><a href="#top-{{ loop.index }}">{{ h.id }}</a></td><td>{{ h.view.context if h.view else '' }}</td><td>{{ h.score }}</td></tr>{% endfor %}</tbody></table>
{% for h in highest %}{% if h.view %}
{{ conversation(h.view, 'top-' ~ loop.index) }}
{% endif %}{% endfor %}
{% endif %}

{% if risk_table %}
<details><summary>The risk table used</summary>
<table><thead><tr><th>infoType</th><th>Score</th></tr></thead>
<tbody>{% for name, score in risk_table %}<tr><td>{{ name }}</td><td>{{ score }}</td></tr>{% endfor %}</tbody></table>
</details>
{% endif %}
</body>
</html>
"""
