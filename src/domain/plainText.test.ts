import { describe, expect, it } from 'vitest';
import { plainText } from './plainText';

describe('plainText', () => {
  it('drops the tags of a rich-text description, a block tag leaving a space', () => {
    expect(plainText('<p>Soft <strong>matte</strong> finish.</p><ul><li>Vegan</li><li>Long wear</li></ul>')).toBe(
      'Soft matte finish. Vegan Long wear',
    );
    expect(plainText('Line one<br>line two')).toBe('Line one line two');
  });

  it('decodes entities once, so escaped markup stays text', () => {
    expect(plainText('Rose &amp; gold &#8212; &#x2728; &quot;new&quot;&nbsp;shade')).toBe('Rose & gold — ✨ "new" shade');
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
    expect(plainText('&amp;lt;')).toBe('&lt;');
    expect(plainText('&unknown; &#0;')).toBe('&unknown; \ufffd');
  });

  it('drops what a script or style holds, and collapses whitespace', () => {
    expect(plainText('<style>p { color: red }</style>\n  Glow\t<script>alert(1)</script> on ')).toBe('Glow on');
  });
});
