/**
 * An image of the media library on the public page. An upload on Scena's server becomes a <picture> with
 * AVIF, WebP and JPEG at the widths the server made (src/content/media.ts); an https address (Firebase)
 * a plain <img>. Both always carry width and height, so the page never moves when they arrive (CLS 0).
 *
 * The placeholder is a second <img> (a data: URI the public CSP's img-src allows) in the same grid cell,
 * under the real image: until the image has loaded the placeholder shows through, and once it paints it
 * covers it. No inline style (the CSP has no 'unsafe-inline' for styles) and no script: it works before
 * hydration and without JS. (An image with transparent areas shows the blur through them: a fade-out
 * would need an onload class, which a load before hydration never gets.)
 *
 * Every image of the home page is below the fold (the portrait in About, covers in Music; the hero has none), so
 * they load lazily with no fetchpriority; a release page's cover and a show page's poster (on a phone it reaches into
 * the first screen below the date and Tickets) are their page's largest paint: `eager` (Lighthouse's lcp-lazy-loaded).
 */
import { shownImage } from '../../content/default-alt';
import { isLocalMedia, VARIANT_FORMATS, variantUrl, variantWidths } from '../../content/media';
import type { Language, MediaItem } from '../../content/model';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';

/** Where the public page's components take it from (it needs no hook: src/content/default-alt.ts, for the no-script pages too). */
export { shownImage };

/**
 * The library item an image field points at, with its alt text in the page's language; `fallback` (./default-alt.ts,
 * "Cover of Zori de zi") where the artist has not described it yet: a picture in use is never hidden (decision 0049).
 */
export function useImage(id: string | undefined, fallback: (lang: Language) => string): { image: MediaItem; alt: string } | undefined {
  const { lang } = useI18n();
  const { media } = useContent().content;
  return shownImage(media, id, lang, fallback(lang));
}

export interface PictureProps {
  image: MediaItem;
  alt: string;
  /** How wide it is shown, as the CSS lays it out (the `sizes` attribute). */
  sizes: string;
  className?: string;
  /** The page's main image (a release page's cover, its largest paint): fetched at once, first. */
  eager?: boolean;
}

export function Picture({ image, alt, sizes, className, eager = false }: PictureProps) {
  const loading = eager ? 'eager' : 'lazy';
  const priority = eager ? 'high' : undefined;
  const { width, height } = image;
  const frame = className ? `picture ${className}` : 'picture';
  if (!isLocalMedia(image.src)) {
    return (
      <span className={frame}>
        <img className="picture__img" src={image.src} width={width} height={height} alt={alt} loading={loading} fetchPriority={priority} decoding="async" />
      </span>
    );
  }
  const widths = variantWidths(width);
  const srcSet = (ext: (typeof VARIANT_FORMATS)[number]['ext']) => widths.map((w) => `${variantUrl(image.src, w, ext)} ${w}w`).join(', ');
  // The <img>'s own src, for a browser without srcset: a middle size.
  const fallback = widths.find((w) => w >= 640) ?? widths[widths.length - 1]!;
  return (
    <span className={frame}>
      {image.placeholder && <img className="picture__placeholder" src={image.placeholder} width={width} height={height} alt="" aria-hidden="true" />}
      <picture>
        {VARIANT_FORMATS.filter((f) => f.ext !== 'jpg').map((f) => (
          <source key={f.ext} type={f.type} srcSet={srcSet(f.ext)} sizes={sizes} />
        ))}
        <img
          className="picture__img"
          src={variantUrl(image.src, fallback, 'jpg')}
          srcSet={srcSet('jpg')}
          sizes={sizes}
          width={width}
          height={height}
          alt={alt}
          loading={loading}
          fetchPriority={priority}
          decoding="async"
        />
      </picture>
    </span>
  );
}
