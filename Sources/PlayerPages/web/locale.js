// The room's language as the pages take it (the player page and the host's console): a tag
// matched as RoomLocale(tag:) matches it, and the numbering system the TV uses for the room.
import { NUMBERING } from "/words.js";

// The language of a BCP 47 tag, as RoomLocale(tag:) matches it, or null for none of the fifteen.
export function languageOf(tag, tables) {
  if (typeof tag !== "string" || !tag) return null;
  const parts = tag.toLowerCase().replace(/_/g, "-").split("-");
  const first = parts[0];
  if (first === "iw") return "he";
  if (first === "zh") {
    let script = null, region = null;
    for (const p of parts.slice(1)) {
      if (p.length === 1) break;
      if (script === null && region === null && p.length === 4) script = p;
      else if (region === null && (p.length === 2 || p.length === 3)) region = p.toUpperCase();
    }
    if (script === "hant") return "zh-Hant";
    if (script === "hans") return "zh-Hans";
    return ["TW", "HK", "MO"].includes(region) ? "zh-Hant" : "zh-Hans";
  }
  return first.length >= 2 && Object.prototype.hasOwnProperty.call(tables, first) ? first : null;
}

// The tag without its extensions, its region, and its -u-nu- keyword.
export function tagParts(tag) {
  const parts = tag.replace(/_/g, "-").split("-");
  const base = [], out = { region: null, nu: null };
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (p.length === 1) {
      // A singleton starts an extension; only -u-nu- matters (RoomLocale reads it the same way).
      if (p.toLowerCase() === "u") {
        for (let j = i + 1; j + 1 < parts.length && parts[j].length > 1; j++) {
          if (parts[j].toLowerCase() === "nu") out.nu = parts[j + 1].toLowerCase();
        }
      }
      break;
    }
    if (i > 0 && out.region === null && (/^[A-Za-z]{2}$/.test(p) || /^[0-9]{3}$/.test(p))) out.region = p.toUpperCase();
    base.push(p);
  }
  out.base = base.join("-");
  return out;
}

// The numbering system the TV uses in this room (RoomNumbers): the tag's -u-nu- when the
// language has it ("native" its own digits), else the region's or the language's default.
export function numberingOf(code, parts) {
  const n = NUMBERING[code] || NUMBERING.en;
  const known = [n.default, n.native, "latn"];
  if (parts.nu === "native") return n.native;
  if (parts.nu && known.includes(parts.nu)) return parts.nu;
  return (parts.region && n.regions[parts.region]) || n.default;
}

// The Intl objects for a room: its table's language code, the tag Intl takes (with the TV's
// digits), a number format and plural rules; `base` is the tag for <html lang>.
export function roomLanguage(tag, tables) {
  const code = languageOf(tag, tables) || "en";
  const parts = languageOf(tag, tables) ? tagParts(tag) : { base: code, region: null, nu: null };
  let intlTag = parts.base + "-u-nu-" + numberingOf(code, parts);
  let numbers, plurals;
  try {
    numbers = new Intl.NumberFormat(intlTag, { maximumFractionDigits: 0 });
    plurals = new Intl.PluralRules(intlTag);
  } catch {
    intlTag = code;
    numbers = new Intl.NumberFormat(code, { maximumFractionDigits: 0 });
    plurals = new Intl.PluralRules(code);
  }
  return { code, tag: intlTag, base: parts.base, numbers, plurals };
}

export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
}
