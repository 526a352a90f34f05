import { foldName } from './names';
import { PLURAL_ENDING } from './patterns';

/**
 * Names that answers use for what is inside or under an option, never the option itself
 * (docs/brand-reader.md §3: components, the word lists that come last): chips, operating systems, connectors, panel and
 * memory kinds, membranes and fabrics. Kept short and general (they recur across product answers of
 * every kind); a name here is still found as a brand when a diagnosis asks for it.
 */
const COMPONENTS = [
  // Chips and their makers' lines.
  'intel',
  'intel core',
  'core i3',
  'core i5',
  'core i7',
  'core i9',
  'core ultra',
  'amd',
  'ryzen',
  'nvidia',
  'geforce',
  'rtx',
  'radeon',
  'qualcomm',
  'snapdragon',
  'apple silicon',
  'mediatek',
  'exynos',
  'tensor',
  // Operating systems and platforms.
  'windows',
  'windows 10',
  'windows 11',
  'macos',
  'ios',
  'ipados',
  'android',
  'chromeos',
  'chrome os',
  'linux',
  'ubuntu',
  // Connectors, standards, panels, memory.
  'usb',
  'usb-c',
  'usb-a',
  'hdmi',
  'thunderbolt',
  'wi-fi',
  'wifi',
  'bluetooth',
  'nfc',
  'ethernet',
  'displayport',
  'ssd',
  'hdd',
  'm.2',
  'solid state drive',
  'solid-state drive',
  'nvme',
  'ram',
  'ddr4',
  'ddr5',
  'lpddr5',
  'cpu',
  'gpu',
  'npu',
  'oled',
  'amoled',
  'lcd',
  'led',
  'ips',
  'qled',
  'mini-led',
  'hdr',
  'hd',
  'hd+',
  'full hd',
  'fhd',
  'fhd+',
  'qhd',
  'qhd+',
  'uhd',
  '4k',
  'xdr',
  'ai',
  'pc',
  'tb',
  'gb',
  'vr',
  'ar',
  'sd',
  'sdxc',
  'sli',
  'crossfire',
  'ir',
  'abs',
  'epa',
  'dha',
  'dci-p3',
  'srgb',
  'mil-std',
  'mil-std-810h',
  'dolby',
  'dolby atmos',
  'thx',
  'fahrenheit',
  'celsius',
  // Categories written as acronyms.
  'crm',
  'erp',
  'saas',
  'seo',
  'api',
  'vpn',
  'ide',
  'llm',
  'kpi',
  'roi',
  'faq',
  'diy',
  'gps',
  'ev',
  'tv',
  'anc',
  'eq',
  'spf',
  'upf',
  'ui',
  'ux',
  // Currencies.
  'usd',
  'eur',
  'gbp',
  'cad',
  'aud',
  'jpy',
  'cny',
  'rmb',
  // Membranes, fabrics and fills.
  'gore-tex',
  'goretex',
  'pertex',
  'polartec',
  'primaloft',
  'cordura',
  'merino',
  'dwr',
  'ykk',
  'thinsulate',
].map(foldName);

const NOT_OPTIONS = new Set(COMPONENTS);

/** Chips named by a letter and a number: Apple's M4 and A18, Intel's i7 and i5-1135G7. */
const CHIP = /^(?:[ma]\d{1,2}|i[3579](?:-\w+)?)$/u;

export function isChipName(name: string): boolean {
  return CHIP.test(foldName(name));
}

export function isComponentName(name: string): boolean {
  const folded = foldName(name).replace(/['’]s$/u, '');
  return CHIP.test(folded) || NOT_OPTIONS.has(folded) || (PLURAL_ENDING.test(folded) && NOT_OPTIONS.has(folded.slice(0, -1)));
}

/** Colours name a product's finish ("Space Gray", "Rose Gold"), not an option. */
const COLOURS = new Set([
  'black',
  'white',
  'gray',
  'grey',
  'silver',
  'gold',
  'blue',
  'red',
  'green',
  'pink',
  'purple',
  'beige',
  'brown',
  'navy',
  'olive',
  'cream',
  'charcoal',
  'graphite',
  'midnight',
  'starlight',
  'platinum',
  'bronze',
  'copper',
  'ivory',
  'khaki',
  'tan',
  'orange',
  'yellow',
]);

export function isColourName(name: string): boolean {
  const words = foldName(name).split(' ');
  return COLOURS.has(words[words.length - 1] ?? '');
}
