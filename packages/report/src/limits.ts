// What one report takes; past it the state is refused with the list named (render time grows with every comparable and photo).
// Its own entry point so the web's workflow pages can show the limits without loading React-PDF.

/** Far past the 3 to 6 comparables an analysis uses. */
export const REPORT_MAX_COMPARABLES = 30;
/** Per property (subject or comparable): at least every photo a property can keep on the server (PROPERTY_IMAGE_MAX_PER_PROPERTY). */
export const REPORT_MAX_PHOTOS_PER_PROPERTY = 40;
