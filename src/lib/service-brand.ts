import { html, type SafeHtml } from './html.js';

/**
 * The service as people read its name (AVS_SERVICE_NAME) and see its logo (AVS_SERVICE_LOGO), on the public pages,
 * the console and printed certificates (docs/public-page.md, "Whose name is on a certificate").
 */
export interface ServiceBrand {
  name: string;
  logo?: { url: string; width: number; height: number };
}

/** Where anyone reads the service's logo; `?v=` names its bytes, so a new logo is a new address. */
export const SERVICE_LOGO_PATH = '/c/static/service-logo';

/** The service's logo beside its name, for a page's header; the logo is decoration there (its name is the text). */
export function brandMark(brand: ServiceBrand): SafeHtml {
  return html`${
    brand.logo
      ? html`<img
          class="brand-logo"
          src="${brand.logo.url}"
          alt=""
          width="${brand.logo.width}"
          height="${brand.logo.height}"
        />`
      : ''
  }${brand.name}`;
}
