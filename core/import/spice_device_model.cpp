#include "import/spice_device_model.h"

namespace kelvin::core {

std::optional<SpiceDeviceKind> spiceDeviceKind(const std::string& kind) {
  if (kind == "d") {
    return SpiceDeviceKind{
        .blockType = "electrical.Diode",
        .translated = {{"is", {"Is", 1}},
                       {"n", {"N", 0}},
                       {"rs", {"Rs", -1}},
                       {"cjo", {"Cjo", 1}},
                       {"vj", {"Vj", 0}},
                       {"m", {"M", 0}},
                       {"tt", {"TT", 0}},
                       {"kf", {"KF", 0}},
                       {"af", {"AF", 0}}},
        .known = {"bv",  "ibv", "fc",   "eg",   "xti",  "tnom", "level", "area",  "pj",  "isr", "nr",   "ikf",
                  "ikr", "nbv", "ibvl", "nbvl", "tbv1", "tbv2", "trs",   "trs2",  "cjp", "php", "mjsw", "fcs",
                  "jsw", "tm1", "tm2",  "ttt1", "ttt2", "tcv",  "tlev",  "tlevc", "ns",  "rsw", "dskip"},
        .aliases = {{"cj0", "cjo"}, {"cj", "cjo"}, {"pb", "vj"}, {"mj", "m"}},
        .fixed = {}};
  }
  if (kind == "npn" || kind == "pnp") {
    return SpiceDeviceKind{
        .blockType = "electrical.BJT",
        .translated = {{"is", {"IS", 1}},   {"bf", {"BF", 0}},   {"br", {"BR", 0}},     {"nf", {"NF", 0}},
                       {"nr", {"NR", 0}},   {"vaf", {"VAF", 0}}, {"var", {"VAR", 0}},   {"ikf", {"IKF", 1}},
                       {"rb", {"RB", -1}},  {"re", {"RE", -1}},  {"rc", {"RC", -1}},    {"cje", {"CJE", 1}},
                       {"vje", {"VJE", 0}}, {"mje", {"MJE", 0}}, {"cjc", {"CJC", 1}},   {"vjc", {"VJC", 0}},
                       {"mjc", {"MJC", 0}}, {"tf", {"TF", 0}},   {"tr", {"TR", 0}},     {"eg", {"EG", 0}},
                       {"xti", {"XTI", 0}}, {"xtb", {"XTB", 0}}, {"tnom", {"TNOM", 0}}, {"fc", {"FC", 0}},
                       {"kf", {"KF", 0}},   {"af", {"AF", 0}}},
        .known = {"ise",     "ne",    "ikr",   "isc",   "nc",    "irb",   "rbm",   "xtf",    "vtf",     "itf",
                  "ptf",     "xcjc",  "cjs",   "vjs",   "mjs",   "level", "subs",  "iss",    "ns",      "tlev",
                  "tlevc",   "tre1",  "tre2",  "trb1",  "trb2",  "trc1",  "trc2",  "trm1",   "trm2",    "tbf1",
                  "tbf2",    "tbr1",  "tbr2",  "tikf1", "tikf2", "tikr1", "tikr2", "tis1",   "tis2",    "tise1",
                  "tise2",   "tisc1", "tisc2", "tnf1",  "tnf2",  "tnr1",  "tnr2",  "tne1",   "tne2",    "tnc1",
                  "tnc2",    "tvaf1", "tvaf2", "tvar1", "tvar2", "titf1", "titf2", "ttf1",   "ttf2",    "ttr1",
                  "ttr2",    "tmje1", "tmje2", "tmjc1", "tmjc2", "tmjs1", "tmjs2", "tns1",   "tns2",    "quasimod",
                  "rco",     "vo",    "gamma", "qco",   "vg",    "cn",    "d",     "bv_max", "vbe_max", "vbc_max",
                  "vce_max", "iss",   "xtf",   "ikr",   "ibc",   "ibe"},
        .aliases = {{"va", "vaf"},
                    {"vb", "var"},
                    {"ik", "ikf"},
                    {"pe", "vje"},
                    {"me", "mje"},
                    {"pc", "vjc"},
                    {"mc", "mjc"},
                    {"ps", "vjs"},
                    {"ms", "mjs"},
                    {"c2", "ise"},
                    {"c4", "isc"}},
        .fixed = {{"polarity", kind == "npn" ? "NPN" : "PNP"}}};
  }
  if (kind == "nmos" || kind == "pmos") {
    return SpiceDeviceKind{.blockType = "electrical.MOSFET",
                           .translated = {{"vto", {"VTO", 0}},
                                          {"kp", {"KP", 0}},
                                          {"gamma", {"GAMMA", 0}},
                                          {"phi", {"PHI", 0}},
                                          {"lambda", {"LAMBDA", 0}},
                                          {"rd", {"RD", 0}},
                                          {"rs", {"RS", 0}},
                                          {"is", {"IS", 0}},
                                          {"ld", {"LD", 0}},
                                          {"cgso", {"CGSO", 0}},
                                          {"cgdo", {"CGDO", 0}},
                                          {"cgbo", {"CGBO", 0}},
                                          {"kf", {"KF", 0}},
                                          {"af", {"AF", 0}},
                                          {"tox", {"TOX", 0}},
                                          {"tnom", {"TNOM", 0}}},
                           .known = {"level", "u0",   "nsub", "nss",   "nfs",   "tpg", "xj",    "cbd", "cbs",   "pb",
                                     "cj",    "mj",   "cjsw", "mjsw",  "js",    "jsw", "fc",    "rsh", "ucrit", "uexp",
                                     "utra",  "vmax", "neff", "delta", "theta", "eta", "kappa", "xqc", "wd"},
                           .aliases = {{"vt0", "vto"}, {"uo", "u0"}},
                           .fixed = {{"polarity", kind == "nmos" ? "NMOS" : "PMOS"}}};
  }
  if (kind == "njf" || kind == "pjf") {
    return SpiceDeviceKind{
        .blockType = "electrical.JFET",
        .translated = {{"vto", {"VTO", 0}},
                       {"beta", {"BETA", 1}},
                       {"lambda", {"LAMBDA", 0}},
                       {"b", {"B", 0}},
                       {"is", {"IS", 1}},
                       {"rd", {"RD", -1}},
                       {"rs", {"RS", -1}},
                       {"cgs", {"CGS", 1}},
                       {"cgd", {"CGD", 1}},
                       {"pb", {"PB", 0}},
                       {"fc", {"FC", 0}},
                       {"kf", {"KF", 0}},
                       {"af", {"AF", 0}},
                       {"eg", {"EG", 0}},
                       {"xti", {"XTI", 0}},
                       {"vtotc", {"VTOTC", 0}},
                       {"bex", {"BEX", 0}},
                       {"tnom", {"TNOM", 0}}},
        .known = {"level", "tcv", "betatce", "nlev", "gdsnoi", "n", "isr", "nr", "alpha", "vk", "m", "xtb"},
        .aliases = {{"vt0", "vto"}},
        .fixed = {{"polarity", kind == "njf" ? "NJF" : "PJF"}}};
  }
  return std::nullopt;
}

std::map<std::string, double> spiceDeviceParams(const SpiceDeviceModel& model, const SpiceDeviceKind& kind, double area,
                                                std::optional<double> tnomCelsius) {
  std::map<std::string, double> params;
  for (const auto& [spice, value] : model.values) {
    const auto t = kind.translated.find(spice);
    if (t == kind.translated.end()) continue;
    const double scale = t->second.area > 0 ? area : t->second.area < 0 ? 1.0 / area : 1.0;
    params[t->second.param] = spice == "tnom" ? value + 273.15 : value * scale;
  }
  if (tnomCelsius && kind.translated.contains("tnom") && !model.values.contains("tnom"))
    params[kind.translated.at("tnom").param] = *tnomCelsius + 273.15;
  return params;
}

}  // namespace kelvin::core
