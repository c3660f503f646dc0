/** The words of /console/search: search by photograph (English; one place to translate). */
export const searchText = {
  search: {
    title: 'Search by photograph',
    intro:
      'Upload a photograph of an object to see whether it looks like a registered asset: the public images of issued certificates, your account’s own images, and every image of an asset reported stolen or lost. The same picture is found resized, re-compressed, a little cropped or lighter or darker; a different photograph of the same object is not.',
    formHeading: 'Photograph to search for',
    photoLabel: 'Photograph of the object',
    photoHint:
      'A JPEG, PNG or WebP picture. It is not kept; a search that finds a reported asset is recorded on that asset’s search audit.',
    submit: 'Search',
    resultsHeading: (count: number) =>
      count === 0
        ? 'No asset looks like this photograph'
        : `${count} ${count === 1 ? 'asset looks' : 'assets look'} like this photograph`,
    noneFound:
      'That is no proof the object is not registered or not stolen: a different photograph of it, or a strong crop, is not found.',
    privateImage: 'The photograph that matched is private to another account: it is not shown.',
    imageAlt: (title: string) => `Photograph of ${title}`,
    certificateNumber: 'Certificate number',
    likenessLabel: 'Likeness',
    likeness: { exact: 'The same picture', likely: 'Very like it', possible: 'Possibly like it' },
    reported: (kind: string) => `Reported ${kind}`,
    since: 'since',
    openCertificate: (number: string) => `Open the public certificate ${number}`,
  },
} as const;
