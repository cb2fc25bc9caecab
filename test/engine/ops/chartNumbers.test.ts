// A chart's numbers read as the document's language writes them (issue 28, item 4), and numbers too large to plot
// kept off the axis (item 2): "1.204,50" is 1204.5 in German, "12,5" is 12.5 in French, "2.000" is two thousand in
// German and two in English, "980 €" is 980 with its unit; a value that can't be read, or is beyond
// CHART_VALUE_LIMIT (1.7e308 froze the page), is a gap with its problem named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHART_VALUE_LIMIT, readChartNumbers, readChartValue } from '../../../src/ops/index.ts';

const value = (cell: string | number | null, locale: string) => readChartValue(cell, locale).value;

test('the issue’s examples, in German, French and English', () => {
  assert.equal(value('1.204,50', 'de'), 1204.5);
  assert.equal(value('12,5', 'de'), 12.5);
  assert.equal(value('2.000', 'de'), 2000);
  assert.equal(value('980 €', 'de'), 980);
  assert.equal(value('1 204,50', 'fr'), 1204.5);
  assert.equal(value('1\u202f204,50\u00a0€', 'fr'), 1204.5);
  assert.equal(value('12,5', 'fr'), 12.5);
  assert.equal(value('1,204.50', 'en'), 1204.5);
  assert.equal(value('2.000', 'en'), 2);
  assert.equal(value('1,204', 'en'), 1204);
  assert.equal(value('1,204', 'de'), 1.204);
  assert.equal(value('980 €', 'en'), 980);
});

test('separators whatever the language says when the text itself is clear', () => {
  assert.equal(value('1.204,50', 'en'), 1204.5, 'both: the last one is the decimal');
  assert.equal(value('1,204.50', 'de'), 1204.5);
  assert.equal(value('12,5', 'en'), 12.5, 'not three digits after it: no group separator');
  assert.equal(value('1.000.000', 'en'), 1_000_000, 'more than once: groups');
  assert.equal(value('1,000,000', 'de'), 1_000_000);
  assert.equal(value("1'234.5", 'de-CH'), 1234.5);
  assert.equal(value('12,34,567', 'en-IN'), 1_234_567);
  assert.equal(value('24100', 'de'), 24100);
  assert.equal(value('.5', 'en'), 0.5);
  assert.equal(value('1.7e3', 'en'), 1700);
});

test('units are read and set aside; signs and parentheses; scale words multiply', () => {
  assert.deepEqual(readChartValue('980 €', 'de'), { value: 980, unit: '€', problem: null });
  assert.deepEqual(readChartValue('$30,800', 'en'), { value: 30800, unit: '$', problem: null });
  assert.deepEqual(readChartValue('12,5 %', 'fr'), { value: 12.5, unit: '%', problem: null });
  assert.deepEqual(readChartValue('EUR 1.200', 'de'), { value: 1200, unit: 'EUR', problem: null });
  assert.deepEqual(readChartValue('3,2 kg', 'de'), { value: 3.2, unit: 'kg', problem: null });
  assert.equal(value('-5', 'en'), -5);
  assert.equal(value('\u22125', 'en'), -5);
  assert.equal(value('(1,200)', 'en'), -1200);
  assert.equal(value('-$5', 'en'), -5);
  assert.equal(value('5k', 'en'), 5000);
  assert.equal(value('1,2 Mio.', 'de'), 1_200_000);
  assert.equal(value('3 bn', 'en'), 3e9);
  assert.deepEqual(readChartValue('5 m', 'en'), { value: 5, unit: 'm', problem: null }, 'metres, not millions');
});

test('no value on purpose is a gap without a problem; what can’t be read is a gap, said', () => {
  for (const none of [null, '', '  ', '-', '—']) assert.deepEqual(readChartValue(none, 'en'), { value: null, unit: '', problem: null });
  for (const bad of ['n/a', 'about 5', '1.2.3', '12abc34', '€', '5 - 6']) {
    assert.equal(readChartValue(bad, 'en').problem, 'unreadable_number', bad);
    assert.equal(readChartValue(bad, 'en').value, null, bad);
  }
});

test('values beyond CHART_VALUE_LIMIT are gaps, said (1.7e308 froze the page); the limit itself plots', () => {
  assert.equal(CHART_VALUE_LIMIT, 1e15);
  for (const big of [1.7e308, -1.7e308, 1e16, '1.7e308', '2e15']) {
    assert.deepEqual(readChartValue(big, 'en'), { value: null, unit: '', problem: 'value_out_of_range' }, String(big));
  }
  assert.equal(value(1e15, 'en'), 1e15);
  assert.equal(value(-1e15, 'en'), -1e15);
  assert.equal(value('1e-300', 'en'), 1e-300);
});

test('a table: each value column read, its common unit, and every problem with its place', () => {
  const read = readChartNumbers(
    {
      columns: ['Woche', 'Umsatz', 'Anteil'],
      rows: [
        ['W1', '1.204,50 €', '12,5 %'],
        ['W2', '980 €', 'viel'],
        ['W3', 1.7e308, '7 %'],
      ],
    },
    'de',
  );
  assert.deepEqual(read.columns, [
    { values: [1204.5, 980, null], unit: '€' },
    { values: [12.5, null, 7], unit: '%' },
  ]);
  assert.deepEqual(read.problems, [
    { row: 2, column: 1, text: '1.7e+308', problem: 'value_out_of_range' },
    { row: 1, column: 2, text: 'viel', problem: 'unreadable_number' },
  ]);
});

test('reading stays proportional: a 10,000-row table reads in one pass', () => {
  const rows = Array.from({ length: 10_000 }, (_, i) => [`P${i}`, `${i},5`]);
  const read = readChartNumbers({ columns: ['x', 'y'], rows }, 'de');
  assert.equal(read.columns[0]!.values.length, 10_000);
  assert.equal(read.columns[0]!.values[9_999], 9999.5);
});

test('a cell longer than any number is unreadable at once (no pattern backtracks over a hostile run of spaces)', () => {
  assert.equal(readChartValue(`1${' '.repeat(200_000)}!`, 'en').problem, 'unreadable_number');
});
