import { html, type SafeHtml } from '../../../lib/html.js';
import type { AccountProfile, ProfileField, ProfileInput } from '../../accounts/account-profiles.service.js';
import { inputField } from '../../web-pages/form-parts.views.js';
import { consolePage, csrfInput, type ConsoleFrame } from '../shell/console-layout.views.js';
import { text } from '../text/index.js';

const words = text.profile;

/** What the page says beside each field of a refused form, in people's words. */
export type ProfileErrors = Partial<Record<ProfileField | 'logo', string>>;

/** The profile as collectors see it on a certificate: the logo beside "Registered by …", then where and how to reach. */
function preview(profile: AccountProfile): SafeHtml {
  const place = [profile.city, profile.country].filter(Boolean).join(', ');
  return html`<section aria-labelledby="profile-preview-heading" class="panel profile-preview">
    <h2 id="profile-preview-heading">${words.previewHeading}</h2>
    ${
      profile.logo
        ? html`<img
            class="profile-logo"
            src="${profile.logo.url}"
            alt="${words.logoAlt(profile.displayName)}"
            width="${profile.logo.width ?? ''}"
            height="${profile.logo.height ?? ''}"
          />`
        : html`<p class="hint">${words.noLogo}</p>`
    }
    <p><strong>${words.registeredBy(profile.displayName)}</strong></p>
    ${place ? html`<p>${place}</p>` : ''}
    ${profile.website ? html`<p><a href="${profile.website}" rel="noopener">${profile.website}</a></p>` : ''}
    ${profile.contactEmail ? html`<p>${profile.contactEmail}</p>` : ''}
  </section>`;
}

/** A yes-or-no choice of the profile, with a hint saying what it means; sent as `name=yes` when ticked. */
function choice(name: string, checked: boolean, label: string, hint: string): SafeHtml {
  const id = `profile-${name.replaceAll('_', '-')}`;
  return html`<div class="choice">
    <input
      type="checkbox"
      id="${id}"
      name="${name}"
      value="yes"
      aria-describedby="${id}-hint"
      ${checked ? html` checked` : ''}
    /><label for="${id}">${label}</label>
    <p class="hint" id="${id}-hint">${hint}</p>
  </div>`;
}

/** The owner's form: texts, then the logo (a file, or removing the one there is). A multipart form: CSRF first. */
function profileForm(
  frame: ConsoleFrame,
  profile: AccountProfile,
  values: ProfileInput,
  errors: ProfileErrors,
  maxMegabytes: number,
): SafeHtml {
  const logoHintId = 'profile-logo-hint';
  return html`<section aria-labelledby="profile-form-heading" class="panel">
    <h2 id="profile-form-heading">${words.formHeading}</h2>
    <form method="post" action="/console/profile" enctype="multipart/form-data" class="stacked">
      ${csrfInput(frame.session)}
      ${inputField(
        words.displayName,
        { id: 'profile-display-name', name: 'display_name', value: values.displayName, maxlength: 200 },
        words.displayNameHint(profile.accountName),
        errors.displayName,
      )}
      ${inputField(
        words.city,
        {
          id: 'profile-city',
          name: 'city',
          value: values.city,
          autocomplete: 'address-level2',
          maxlength: 100,
        },
        undefined,
        errors.city,
      )}
      ${inputField(
        words.country,
        {
          id: 'profile-country',
          name: 'country',
          value: values.country,
          autocomplete: 'country-name',
          maxlength: 100,
        },
        undefined,
        errors.country,
      )}
      ${inputField(
        words.website,
        {
          id: 'profile-website',
          name: 'website',
          type: 'url',
          value: values.website,
          autocomplete: 'url',
          maxlength: 500,
        },
        words.websiteHint,
        errors.website,
      )}
      ${inputField(
        words.contactEmail,
        {
          id: 'profile-contact-email',
          name: 'contact_email',
          type: 'email',
          value: values.contactEmail,
          autocomplete: 'email',
          maxlength: 320,
        },
        words.contactEmailHint,
        errors.contactEmail,
      )}
      <div class="field">
        <label for="profile-logo">${words.logo}</label>
        ${errors.logo ? html`<p class="field-error" id="profile-logo-error">${errors.logo}</p>` : ''}
        <input
          id="profile-logo"
          name="logo"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby="${errors.logo ? `profile-logo-error ${logoHintId}` : logoHintId}"
          ${errors.logo ? html` aria-invalid="true"` : ''}
        />
        <p class="hint" id="${logoHintId}">${words.logoHint(maxMegabytes)}</p>
      </div>
      ${
        profile.logo
          ? html`<div class="choice">
              <input type="checkbox" id="profile-remove-logo" name="remove_logo" value="yes" /><label
                for="profile-remove-logo"
                >${words.removeLogo}</label
              >
            </div>`
          : ''
      }
      ${choice('show_inventory_number', values.showInventoryNumber, words.showInventoryNumber, words.showInventoryNumberHint)}
      ${choice('findable_by_photo', values.findableByPhoto, words.findableByPhoto, words.findableByPhotoHint)}
      <button type="submit">${words.save}</button>
    </form>
  </section>`;
}

/** The gallery's profile (owners): how its certificates name it, and the form to change that. */
export function profilePage(
  options: ConsoleFrame & {
    profile: AccountProfile;
    /** The form as typed, after a refusal; else the saved profile. */
    values?: ProfileInput;
    errors?: ProfileErrors;
    maxMegabytes: number;
  },
): SafeHtml {
  const { profile } = options;
  const values = options.values ?? {
    displayName: profile.chosenName ?? '',
    city: profile.city,
    country: profile.country,
    website: profile.website,
    contactEmail: profile.contactEmail,
    showInventoryNumber: profile.showsInventoryNumber,
    findableByPhoto: profile.findableByPhoto,
  };
  return consolePage({
    ...options,
    title: words.title,
    section: 'profile',
    content: html`<p>${words.intro}</p>
      ${preview(profile)} ${profileForm(options, profile, values, options.errors ?? {}, options.maxMegabytes)}`,
  });
}
