// The REcolorado columns the CLI tests write their sales in, and one closed sale's row: one layout for every fixture.
export const RECOLORADO_TEST_HEADER =
  'Listing ID,Mls Status,Street Number,Street Name,Street Suffix,Unit Number,City,State Or Province,Postal Code,Subdivision Name,Levels,Year Built,Building Area Total,Above Grade Finished Area,Below Grade (SqFt) Total,Below Grade Finished Area,Lot Size Square Feet,Lot Size Acres,Bedrooms Total,Bathrooms Total Integer,Bathrooms Full,Bathrooms Three Quarter,Bathrooms Half,Bathrooms One Quarter,Garage Spaces,Fireplaces Total,List Price,Original List Price,Close Price,Concessions Amount,Close Date,Days On Market,Latitude,Longitude,View,Waterfront YN,Property Condition,Public Remarks';

export interface TestSale {
  index: number;
  zip: string;
  yearBuilt: number;
  area: number;
  beds: number;
  garage: number;
  fireplaces: number;
  price: number;
  /** UTC day the sale closed. */
  closed: Date;
  lat: string;
  lng: string;
  view: string;
}

/** A closed sale on Elm Street, Denver, as an export row (the close date as m/d/yyyy). */
export function closedSaleRow(s: TestSale): string {
  const date = `${s.closed.getUTCMonth() + 1}/${s.closed.getUTCDate()}/${s.closed.getUTCFullYear()}`;
  return `L${s.index},Closed,${100 + s.index},Elm,Street,,Denver,CO,${s.zip},Elm Park,Two,${s.yearBuilt},${s.area},${s.area},0,0,6000,0.14,${s.beds},2,2,0,0,0,${s.garage},${s.fireplaces},,,${s.price},0,${date},10,${s.lat},${s.lng},${s.view},No,Average,`;
}
