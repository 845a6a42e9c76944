import { accentPalette, contrastRatio, minimumTextContrast } from '../../../../shared/contrast';
import { accentThemeStyle } from '../../../lib/accent-theme';

function Ratio({ label, value }: { label: string; value: number }) {
  const passes = value >= minimumTextContrast;
  return (
    <li className="flex items-center justify-between gap-3">
      <span className="text-slate-600">{label}</span>
      <span className={passes ? 'font-semibold text-emerald-800' : 'font-semibold text-red-700'}>
        {value.toFixed(1)}:1 {passes ? 'AA' : 'low'}
      </span>
    </li>
  );
}

/** How the accent will look in the portal, with the contrast of the text colours we compute for it. */
export function AccentPreview({ accent }: { accent: string }) {
  const palette = accentPalette(accent);
  return (
    <div
      style={accentThemeStyle(accent)}
      className="rounded-xl border border-slate-200 bg-white p-4"
      data-testid="accent-preview"
    >
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Preview</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <span className="inline-flex h-9 items-center rounded-lg bg-brand px-4 text-sm font-medium text-brand-foreground">
          Let's Go
        </span>
        <span className="inline-flex h-7 items-center rounded-full bg-brand-soft px-3 text-xs font-semibold text-brand-ink">
          Trust Center
        </span>
        <span className="text-sm font-medium text-brand-ink underline underline-offset-4">A link</span>
      </div>
      <ul className="mt-4 space-y-1 text-xs">
        <Ratio label="Text on the accent" value={contrastRatio(palette.accent, palette.onAccent)} />
        <Ratio label="Accent text on white" value={contrastRatio(palette.ink, '#ffffff')} />
      </ul>
      {palette.ink !== palette.accent.toLowerCase() ? (
        <p className="mt-2 text-xs text-slate-500">
          Text in the accent colour is darkened to {palette.ink} so it stays readable.
        </p>
      ) : null}
    </div>
  );
}
