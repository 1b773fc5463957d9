import { describe, expect, it } from 'vitest';
import { descriptionText, readableDescription, sanitizeDescription, validDescription } from './description';

describe('the text of a description', () => {
  it('drops the tags and decodes character references', () => {
    expect(descriptionText('<p>A <strong>creamy</strong> lipstick.</p>')).toBe('A creamy lipstick.');
    expect(descriptionText('<p>Tom &amp; Jerry&nbsp;&lt;3 &#233;&#xE9;</p>')).toBe('Tom & Jerry\u00a0<3 éé');
    expect(descriptionText('<p>&unknown; &#0;</p>')).toBe('&unknown; &#0;');
  });

  it('is read after sanitising: a script says nothing to a person', () => {
    expect(readableDescription('<script>alert(12345)</script>')).toBe('');
    expect(readableDescription('<p>Soft</p><script>alert(1)</script><img src=x onerror=alert(1)>')).toBe('Soft');
  });
});

describe('validDescription: the one rule of the form and the server', () => {
  it("refuses '<script>alert(12345)</script>', which the form once sent and the server refused", () => {
    expect(descriptionText('<script>alert(12345)</script>')).toHaveLength(12);
    expect(validDescription('<script>alert(12345)</script>')).toBeUndefined();
  });

  it('counts 4 to 3000 characters of readable text, markup aside', () => {
    expect(validDescription('<p>abc</p>')).toBeUndefined();
    expect(validDescription('<p>ab</p><script>alert(1)</script>')).toBeUndefined();
    expect(validDescription('<p>abcd</p>')).toBe('<p>abcd</p>');
    expect(validDescription('a'.repeat(3000))).toBe('a'.repeat(3000));
  });

  it('gives the description as it is stored, sanitised', () => {
    const html = '<p>Soft</p><script>alert(1)</script><img src=x onerror=alert(1)>';
    expect(validDescription(html)).toBe(sanitizeDescription(html));
    expect(validDescription(html)).toBe('<p>Soft</p>');
  });

  it('holds the HTML to 3000 characters too, tags included', () => {
    expect(validDescription(`<p><strong>${'a'.repeat(2990)}</strong></p>`)).toBeUndefined();
  });
});
