import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShowMore, ShownInBatches } from './show-more';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function list(total: number, first = 20, batch = 50) {
  const items = Array.from({ length: total }, (_, i) => `item ${i + 1}`);
  const children = (shown: readonly string[]) =>
    createElement(
      'ol',
      null,
      shown.map((item) => createElement('li', { key: item }, item)),
    );
  return renderToStaticMarkup(
    // eslint-disable-next-line react/no-children-prop -- a render prop, in a test file without JSX
    createElement(ShownInBatches<string>, { items, first, batch, noun: 'rows', children }),
  );
}

describe('ShownInBatches', () => {
  it('draws the first batch of a long list, with its count and a button for the next batch', () => {
    const html = list(2_401);
    expect(html.match(/<li>/g)).toHaveLength(20);
    expect(text(html)).toContain('item 20 Showing rows 1–20 of 2,401. Show 50 more rows');
    expect(html).not.toContain('item 21<');
  });

  it('says nothing more when the whole list fits in the first batch', () => {
    const html = list(20);
    expect(html.match(/<li>/g)).toHaveLength(20);
    expect(text(html)).not.toContain('Showing');
    expect(html).not.toContain('<button');
  });
});

describe('ShowMore', () => {
  const props = { batch: 50, noun: 'steps', onMore: () => undefined, first: 10 };

  it('offers only what is left in the last batch', () => {
    const html = renderToStaticMarkup(
      createElement(ShowMore, { ...props, shown: 180, total: 200 }),
    );
    expect(text(html)).toBe('Showing steps 1–180 of 200. Show 20 more steps');
  });

  it('keeps the count and drops the button once everything is drawn', () => {
    const html = renderToStaticMarkup(
      createElement(ShowMore, { ...props, shown: 200, total: 200 }),
    );
    expect(text(html)).toBe('Showing steps 1–200 of 200.');
    expect(html).not.toContain('<button');
  });

  it('says how many there were and how many the list keeps, from the first batch on', () => {
    const first = renderToStaticMarkup(
      createElement(ShowMore, { ...props, shown: 10, total: 200, of: 502 }),
    );
    expect(text(first)).toBe(
      'Showing steps 1–10 of 502; only the first 200 are kept. Show 50 more steps',
    );
    const last = renderToStaticMarkup(
      createElement(ShowMore, { ...props, shown: 200, total: 200, of: 502 }),
    );
    expect(text(last)).toBe('Showing steps 1–200 of 502; only the first 200 are kept.');
  });

  it('says what was not kept even when what is kept fits in the first batch', () => {
    const html = renderToStaticMarkup(
      createElement(ShowMore, { ...props, shown: 5, total: 5, of: 9 }),
    );
    expect(text(html)).toBe('Showing steps 1–5 of 9; only the first 5 are kept.');
  });
});
