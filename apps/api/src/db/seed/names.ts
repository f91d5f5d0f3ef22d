/** Fixed name lists: the seed only ever picks from these, so the data is the same on every run. */

export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Mateo', 'Isabella', 'Lucas', 'Mia', 'Levi',
  'Amelia', 'Ethan', 'Harper', 'James', 'Evelyn', 'Benjamin', 'Abigail', 'Daniel', 'Priya', 'Arjun', 'Mei',
  'Hiroshi', 'Fatima', 'Omar', 'Lucia', 'Diego', 'Chloe', 'Samuel', 'Grace', 'Henry', 'Nora', 'Owen',
  'Zoe', 'Caleb', 'Aaliyah', 'Isaac', 'Layla', 'Gabriel', 'Hannah', 'Julian', 'Maya', 'Adrian', 'Leah',
  'Marcus', 'Naomi', 'Tariq', 'Ingrid', 'Rafael', 'Yuki', 'Kwame', 'Elena', 'Victor', 'Renee', 'Colin',
  'Dana', 'Tessa', 'Malik', 'Rosa',
] as const;

export const LAST_NAMES = [
  'Johnson', 'Martinez', 'Nguyen', 'Patel', 'Kim', 'Okafor', 'Garcia', 'Schmidt', 'Rossi', 'Kowalski',
  'Brown', 'Davis', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Moore', 'Jackson', 'Lee', 'Harris',
  'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'Allen', 'Wright', 'Scott', 'Green', 'Baker', 'Adams',
  'Nelson', 'Carter', 'Mitchell', 'Perez', 'Roberts', 'Turner', 'Phillips', 'Campbell', 'Parker',
  'Evans', 'Edwards', 'Collins', 'Stewart', 'Sanchez', 'Morris', 'Rogers', 'Reed', 'Cook', 'Morgan',
  'Bell', 'Murphy', 'Bailey', 'Rivera', 'Cooper', 'Richardson', 'Cox', 'Howard', 'Ward', 'Torres',
] as const;

export const COMPANY_PREFIXES = [
  'Blue Harbor', 'Cedar Ridge', 'Summit Peak', 'Pinecrest', 'Riverbend', 'Northgate', 'Silverline', 'Ironwood',
  'Lakeshore', 'Granite State', 'Redwood', 'Bright Meadow', 'Coastal', 'Keystone', 'Prairie Wind', 'Harborview',
  'Oak Hollow', 'Sterling', 'Evergreen', 'Canyon', 'Maple Grove', 'Westfield', 'Bayside', 'Highland',
  'Clearwater', 'Stonebridge', 'Falcon Crest', 'Golden Gate', 'Lone Star', 'Juniper', 'Copperfield',
  'Tidewater', 'Aspen', 'Willow Creek', 'Crescent', 'Pioneer', 'Horizon', 'Magnolia', 'Ridgeway', 'Beacon',
] as const;

export const INDUSTRIES = [
  'Logistics', 'Health Partners', 'Manufacturing', 'Credit Union', 'Dental Group', 'Retail Co.', 'Engineering',
  'Law Group', 'Hospitality', 'Construction', 'Insurance Agency', 'Veterinary Clinics', 'Schools',
  'Foods', 'Energy', 'Architects', 'Realty', 'Pharmacy', 'Freight', 'Media', 'Wealth Advisors',
  'Labs', 'Medical Center', 'Auto Group', 'Outfitters',
] as const;

export const REGIONS = ['of Texas', 'of Ohio', 'Northwest', 'Southeast', 'of the Rockies', 'Midwest', 'Atlantic', 'Pacific'] as const;

export const CITIES = [
  'Dallas', 'Houston', 'Austin', 'Denver', 'Phoenix', 'Chicago', 'Atlanta', 'Charlotte', 'Nashville', 'Columbus',
  'Indianapolis', 'Kansas City', 'St. Louis', 'Minneapolis', 'Salt Lake City', 'Seattle', 'Portland', 'Sacramento',
  'San Diego', 'Las Vegas', 'Tampa', 'Orlando', 'Raleigh', 'Richmond', 'Pittsburgh', 'Boston', 'Newark', 'Omaha',
] as const;

export const SITE_KINDS = ['Headquarters', 'Data Center', 'Branch Office', 'Warehouse', 'Clinic', 'Plant', 'Campus', 'Store'] as const;

/** Lowercase, hyphenated: 'Acme Logistics' -> 'acme-logistics'. */
export const slug = (text: string): string =>
  text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export const pad = (n: number, width: number): string => String(n).padStart(width, '0');
