// Denver-metro and Colorado Springs neighbourhoods for the demo listings: centre, zip, typical above-grade price per
// sq ft of closed sales (2025–26, rounded) and the era and streets of their housing stock.

export interface DemoNeighborhood {
  name: string;
  city: string;
  postalCode: string;
  county: string;
  latitude: number;
  longitude: number;
  pricePerSqft: number;
  yearBuilt: [number, number];
  /** Typical above-grade finished area. */
  sqft: [number, number];
  streets: string[];
  schoolDistrict: string;
}

export const DEMO_NEIGHBORHOODS: readonly DemoNeighborhood[] = [
  { name: 'Washington Park', city: 'Denver', postalCode: '80209', county: 'Denver', latitude: 39.7003, longitude: -104.9707, pricePerSqft: 560, yearBuilt: [1905, 1955], sqft: [1300, 3200], streets: ['S Gaylord St', 'S Franklin St', 'S Downing St', 'S Race St', 'S Vine St', 'E Tennessee Ave', 'E Kentucky Ave'], schoolDistrict: 'Denver 1' },
  { name: 'Highland', city: 'Denver', postalCode: '80211', county: 'Denver', latitude: 39.7622, longitude: -105.0112, pricePerSqft: 590, yearBuilt: [1890, 2022], sqft: [1100, 3000], streets: ['Tejon St', 'Vallejo St', 'Umatilla St', 'Zuni St', 'W 32nd Ave', 'W 35th Ave', 'Clay St'], schoolDistrict: 'Denver 1' },
  { name: 'Park Hill', city: 'Denver', postalCode: '80207', county: 'Denver', latitude: 39.7525, longitude: -104.9253, pricePerSqft: 430, yearBuilt: [1915, 1960], sqft: [1200, 2900], streets: ['Dahlia St', 'Eudora St', 'Forest St', 'Glencoe St', 'Holly St', 'E 23rd Ave', 'Montview Blvd'], schoolDistrict: 'Denver 1' },
  { name: 'Central Park', city: 'Denver', postalCode: '80238', county: 'Denver', latitude: 39.7607, longitude: -104.8808, pricePerSqft: 390, yearBuilt: [2003, 2021], sqft: [1500, 3400], streets: ['Valentia St', 'Xanthia St', 'Beeler St', 'Akron Way', 'E 29th Dr', 'Central Park Blvd'], schoolDistrict: 'Denver 1' },
  { name: 'Cherry Creek', city: 'Denver', postalCode: '80206', county: 'Denver', latitude: 39.7187, longitude: -104.9535, pricePerSqft: 680, yearBuilt: [1950, 2023], sqft: [1600, 4200], streets: ['Madison St', 'Garfield St', 'Harrison St', 'Jackson St', 'E 4th Ave', 'E Bayaud Ave'], schoolDistrict: 'Denver 1' },
  { name: 'Belmar', city: 'Lakewood', postalCode: '80226', county: 'Jefferson', latitude: 39.7083, longitude: -105.0852, pricePerSqft: 340, yearBuilt: [1952, 1990], sqft: [1100, 2600], streets: ['S Pierce St', 'S Quay St', 'S Reed St', 'W Exposition Ave', 'W Ohio Ave', 'S Teller St'], schoolDistrict: 'Jefferson County R-1' },
  { name: 'Olde Town Arvada', city: 'Arvada', postalCode: '80002', county: 'Jefferson', latitude: 39.8003, longitude: -105.0811, pricePerSqft: 350, yearBuilt: [1940, 2015], sqft: [1000, 2600], streets: ['Webster St', 'Yukon Ct', 'Zephyr St', 'W 56th Ave', 'W 58th Pl', 'Ralston Rd'], schoolDistrict: 'Jefferson County R-1' },
  { name: 'Saddle Rock', city: 'Aurora', postalCode: '80016', county: 'Arapahoe', latitude: 39.6105, longitude: -104.7305, pricePerSqft: 255, yearBuilt: [1996, 2016], sqft: [2000, 4200], streets: ['S Flanders Way', 'S Ireland Way', 'E Briarwood Dr', 'S Kewaunee Way', 'E Hinsdale Pl'], schoolDistrict: 'Cherry Creek 5' },
  { name: 'Highlands Ranch', city: 'Highlands Ranch', postalCode: '80126', county: 'Douglas', latitude: 39.5453, longitude: -104.9699, pricePerSqft: 290, yearBuilt: [1985, 2010], sqft: [1600, 3600], streets: ['Wildflower Ln', 'Autumn Ash Ct', 'Foxhill Dr', 'Weeping Willow Cir', 'Cougar Ridge Ct'], schoolDistrict: 'Douglas County RE-1' },
  { name: 'Columbine Valley', city: 'Littleton', postalCode: '80120', county: 'Arapahoe', latitude: 39.6005, longitude: -105.0113, pricePerSqft: 330, yearBuilt: [1958, 1995], sqft: [1200, 2800], streets: ['S Prince St', 'S Bemis St', 'W Caley Ave', 'S Datura St', 'W Berry Ave'], schoolDistrict: 'Littleton 6' },
  { name: 'Old Colorado City', city: 'Colorado Springs', postalCode: '80904', county: 'El Paso', latitude: 38.8497, longitude: -104.8768, pricePerSqft: 310, yearBuilt: [1890, 1965], sqft: [900, 2200], streets: ['W Pikes Peak Ave', 'W Kiowa St', 'N 24th St', 'N 28th St', 'W Bijou St', 'Ridge Rd'], schoolDistrict: 'Colorado Springs 11' },
  { name: 'Broadmoor', city: 'Colorado Springs', postalCode: '80906', county: 'El Paso', latitude: 38.7905, longitude: -104.8503, pricePerSqft: 340, yearBuilt: [1950, 2005], sqft: [1800, 4500], streets: ['Mesa Ave', 'Broadmoor Bluffs Dr', 'Penrose Blvd', 'Culebra Ave', 'Cheyenne Mountain Blvd'], schoolDistrict: 'Cheyenne Mountain 12' },
  { name: 'Briargate', city: 'Colorado Springs', postalCode: '80920', county: 'El Paso', latitude: 38.9653, longitude: -104.7601, pricePerSqft: 235, yearBuilt: [1990, 2010], sqft: [1500, 3400], streets: ['Chapel Hills Dr', 'Pine Creek Rd', 'Old Ranch Rd', 'Dublin Blvd', 'Lexington Dr'], schoolDistrict: 'Academy 20' },
  { name: 'Stetson Hills', city: 'Colorado Springs', postalCode: '80923', county: 'El Paso', latitude: 38.9152, longitude: -104.7003, pricePerSqft: 215, yearBuilt: [1999, 2016], sqft: [1400, 3000], streets: ['Stetson Hills Blvd', 'Tutt Blvd', 'Dublin Blvd', 'Rio Vista Dr', 'Marksheffel Rd'], schoolDistrict: 'District 49' },
  { name: 'Flying Horse', city: 'Colorado Springs', postalCode: '80921', county: 'El Paso', latitude: 39.0052, longitude: -104.8102, pricePerSqft: 270, yearBuilt: [2005, 2023], sqft: [2000, 4400], streets: ['Flying Horse Club Dr', 'Silver Sage Ct', 'Bent Grass Meadows Dr', 'Winding Hills Rd'], schoolDistrict: 'Academy 20' },
  { name: 'Security-Widefield', city: 'Colorado Springs', postalCode: '80911', county: 'El Paso', latitude: 38.7453, longitude: -104.7205, pricePerSqft: 195, yearBuilt: [1963, 2005], sqft: [1000, 2400], streets: ['Fontaine Blvd', 'Widefield Dr', 'Security Blvd', 'Main St', 'Crestridge Ave'], schoolDistrict: 'Widefield 3' },
];
