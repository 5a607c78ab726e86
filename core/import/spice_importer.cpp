#include "import/spice_importer.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "import/engineering_format.h"
#include "import/netlist_model_builder.h"
#include "import/spice_device_model.h"
#include "import/spice_card_reader.h"
#include "import/spice_deck.h"
#include "import/spice_number.h"
#include "model/parameter_evaluator.h"

namespace kelvin::core {

namespace {

constexpr const char* kGround = "0";

struct Transient {
  double step = 0.0;
  double stop = 0.0;
};

/// The text after the last '/' and before the last '.': "dir/rc.cir" -> "rc".
std::string baseName(const std::string& path) {
  std::string name = path.substr(path.find_last_of('/') + 1);
  const auto dot = name.find_last_of('.');
  return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

/// A SPICE name as a block id: '.', '/' and blanks are not allowed there.
std::string blockId(std::string name) {
  for (char& c : name)
    if (c == '.' || c == '/' || c == ' ') c = '_';
  return name;
}

/// The line number of a diagnostic whose file is "name:line"; after every line when there is none.
int lineOf(const Diagnostic& d) {
  const auto colon = d.file.find_last_of(':');
  if (colon == std::string::npos) return std::numeric_limits<int>::max();
  return std::atoi(d.file.c_str() + colon + 1);
}

Diagnostic note(std::string file, std::string message) {
  Diagnostic d;
  d.file = std::move(file);
  d.message = std::move(message);
  return d;
}

Block makeBlock(std::string id, std::string type, std::map<std::string, std::string> params = {}) {
  Block b;
  b.id = std::move(id);
  b.type = std::move(type);
  b.params = std::move(params);
  return b;
}

/// "rl" of a field "{rl}" that names a parameter; nullopt for anything else.
std::optional<std::string> parameterName(const std::string& field) {
  if (field.size() < 3 || field.front() != '{' || field.back() != '}') return std::nullopt;
  const std::string name = field.substr(1, field.size() - 2);
  const bool plain = std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
  });
  if (!plain || std::isdigit(static_cast<unsigned char>(name.front())) != 0) return std::nullopt;
  return name;
}

/// The expression of a field "{2*rl}" or "'2*rl'" (without its braces or quotes); nullopt otherwise.
std::optional<std::string> expressionText(const std::string& field) {
  if (field.size() >= 3 && ((field.front() == '{' && field.back() == '}') || (field.front() == '\'' && field.back() == '\'')))
    return field.substr(1, field.size() - 2);
  return std::nullopt;
}

/// A SPICE node name as a boundary port name: a letter or '_' first, then letters, digits and '_'.
std::string portName(const std::string& node) {
  std::string name;
  for (char c : node) name += std::isalnum(static_cast<unsigned char>(c)) != 0 ? c : '_';
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name.front())) != 0) name = "n" + name;
  return name;
}

/// Most subcircuits an instance may sit inside (an instance inside a subcircuit inside ...).
constexpr std::size_t kMaxSubcircuitDepth = 32;

std::string nodeName(const std::string& field) { return field == "gnd" ? kGround : field; }

std::string joinFrom(const std::vector<std::string>& fields, std::size_t first) {
  std::string text;
  for (std::size_t k = first; k < fields.size(); ++k) text += (text.empty() ? "" : " ") + fields[k];
  return text;
}

class SpiceImporter {
 public:
  SpiceImporter(const std::string& fileName, const BlockRegistry& registry, const SpiceFileReader& reader)
      : fileName_(fileName), registry_(registry), reader_(reader) {
    scopes_.push_back(std::make_unique<Scope>(nullptr));
  }

  SpiceImport run(std::string_view text) {
    const std::vector<SpiceCard> cards = readSpiceDeck(text, fileName_, reader_);
    model_.name = baseName(fileName_);
    cards_ = &cards;
    readSetup(cards);
    for (std::size_t k = 0; k < cards.size(); ++k) k = translate(cards, k);
    translateDeferred();
    applyInitialConditions();
    if (scope().builder.empty()) throw ModelError(note(fileName_, "no circuit element found"));
    if (!transient_) warnings_.push_back(note(fileName_, "no .tran card: the stop time stays at 1 s"));
    // A .tran without UIC starts at the DC operating point, as SPICE's does.
    if (transient_ && !uic_) model_.settings.extra["initial"] = "operating_point";
    // Reported in line order, whichever pass found them; file-wide notes last.
    std::stable_sort(warnings_.begin(), warnings_.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return lineOf(a) < lineOf(b); });
    // A line of a subcircuit is translated once per instance: say each thing once.
    warnings_.erase(std::unique(warnings_.begin(), warnings_.end(),
                                [](const Diagnostic& a, const Diagnostic& b) {
                                  return a.file == b.file && a.message == b.message;
                                }),
                    warnings_.end());
    SpiceImport result;
    result.model = scope().builder.build(model_, warnings_);
    result.warnings = std::move(warnings_);
    return result;
  }

 private:
  std::string origin(const SpiceCard& card) const {
    return (card.file.empty() ? fileName_ : card.file) + ":" + std::to_string(card.line);
  }

  [[noreturn]] void fail(const SpiceCard& card, const std::string& message) const {
    throw ModelError(note(origin(card), message));
  }
  void warn(const SpiceCard& card, const std::string& message) {
    warnings_.push_back(note(origin(card), message));
  }

  double number(const SpiceCard& card, std::size_t k, const std::string& what) const {
    if (k >= card.fields.size()) fail(card, card.label + ": " + what + " is missing");
    const std::string& text = card.fields[k];
    if (const std::optional<std::string> name = parameterName(text); name && !scope().params.find(*name))
      fail(card, card.label + ": no .param named '" + *name + "'");
    if (const std::optional<std::string> expression = expressionText(text)) return evaluate(card, *expression);
    const std::optional<double> value = parseSpiceNumber(text);
    if (!value) fail(card, card.label + ": malformed " + what + " '" + text + "'");
    return *value;
  }

  /// The value of a SPICE expression in the current scope; an error naming the line when it has none.
  double evaluate(const SpiceCard& card, const std::string& expression) const {
    try {
      return evaluateNumber(expression, "", scope().params);
    } catch (const ParameterError& e) {
      fail(card, card.label + ": " + e.what());
    }
  }

  /// A value as parameter text: the expression of a `{...}` (Kelvin evaluates it with the model's
  /// variables and the subsystem's parameters, as SPICE does), else the number.
  std::string valueText(const SpiceCard& card, std::size_t k, const std::string& what) const {
    const double value = number(card, k, what);  // checks that the expression has a value here
    const std::optional<std::string> expression = expressionText(card.fields[k]);
    return expression ? *expression : formatEngineering(value);
  }

  /// `name=value` fields of a .param card (number or expression, in order, each may use the
  /// ones before): at the top, model variables; in a subcircuit, parameters of its subsystem.
  void readParameters(const SpiceCard& card, std::vector<Variable>& into) {
    for (std::size_t k = 1; k < card.fields.size(); ++k) {
      const std::string& field = card.fields[k];
      const auto eq = field.find('=');
      if (eq == std::string::npos || eq == 0) fail(card, ".param: expected name=value, not '" + field + "'");
      const std::string name = field.substr(0, eq), value = field.substr(eq + 1);
      const std::optional<std::string> expression = expressionText(value);
      const std::optional<double> number = parseSpiceNumber(value);
      const double result = number ? *number : evaluate(card, expression.value_or(value));
      scope().params.set(name, result);
      Variable variable;
      variable.name = name;
      variable.value = number ? formatEngineering(*number) : expression.value_or(value);
      into.push_back(variable);
    }
  }

  /// `key=value` fields from `first` on: known keys go to `out` (as numbers); the rest are named in a warning.
  std::map<std::string, double> keyValues(const SpiceCard& card, std::size_t first, const std::set<std::string>& known) {
    std::map<std::string, double> out;
    std::vector<std::string> ignored;
    for (std::size_t k = first; k < card.fields.size(); ++k) {
      const std::string& field = card.fields[k];
      const auto eq = field.find('=');
      const std::string key = field.substr(0, eq);
      if (eq == std::string::npos || !known.contains(key)) {
        ignored.push_back(field);
        continue;
      }
      const std::optional<double> value = parseSpiceNumber(field.substr(eq + 1));
      if (!value) fail(card, card.label + ": malformed value in '" + field + "'");
      out[key] = *value;
    }
    if (!ignored.empty()) warn(card, card.label + ": ignored (not supported): " + joinFrom(ignored, 0));
    return out;
  }

  /// `.model NAME KIND(key=value ...)` of a kind Kelvin translates: every parameter is translated,
  /// reported as not supported (SPICE knows it), or an error (SPICE does not know it for that kind);
  /// a translated value outside the block's bounds (a negative IS) is an error naming the line.
  void readModel(const SpiceCard& card) {
    const std::optional<SpiceDeviceKind> kind = spiceDeviceKind(card.fields[2]);
    if (!kind) return;  // reported by directive()
    SpiceDeviceModel model{.name = card.fields[1], .kind = card.fields[2], .values = {}, .origin = origin(card)};
    std::vector<std::string> ignored;
    for (std::size_t k = 3; k < card.fields.size(); ++k) {
      const std::string& field = card.fields[k];
      const auto eq = field.find('=');
      std::string key = field.substr(0, eq);
      if (kind->aliases.contains(key)) key = kind->aliases.at(key);
      const bool translated = kind->translated.contains(key);
      if (!translated && std::find(kind->known.begin(), kind->known.end(), key) == kind->known.end())
        fail(card, ".model " + card.fields[1] + ": unknown parameter '" + field.substr(0, eq) + "' for a " +
                       card.fields[2] + " model");
      if ((!translated && key != "level") || eq == std::string::npos) {
        ignored.push_back(field);
        continue;
      }
      const std::optional<double> value = parseSpiceNumber(field.substr(eq + 1));
      if (!value) fail(card, card.label + ": malformed value in '" + field + "'");
      model.values[key] = *value;
    }
    if (!ignored.empty()) warn(card, card.label + ": ignored (not supported): " + joinFrom(ignored, 0));
    if (model.values.contains("tox") && kind->blockType == "electrical.MOSFET")
      warn(card, card.label + ": TOX sets Cox of the flicker noise only: the Meyer gate charges are not modelled");
    if (model.values.contains("level") && model.values.at("level") != 1.0)
      fail(card, ".model " + card.fields[1] + ": level " + formatEngineering(model.values.at("level")) +
                     " is not supported (Kelvin's devices are SPICE's level 1)");
    if (const ComponentType* type = registry_.find(kind->blockType)) {
      for (const auto& [param, value] : spiceDeviceParams(model, *kind, 1.0, tnom_)) {
        const ParamDecl* decl = type->findParam(param);
        const std::string problem = decl ? rangeProblem(*decl, value) : "";
        if (!problem.empty()) fail(card, ".model " + card.fields[1] + ": " + problem);
      }
    }
    models_[model.name] = std::move(model);
  }

  /// First pass: device models, options and the transient analysis, which other cards refer to.
  void readSetup(const std::vector<SpiceCard>& cards) {
    bool inControl = false;
    std::vector<std::string> open;  // the subcircuits being defined, innermost last
    for (std::size_t index = 0; index < cards.size(); ++index) {
      const SpiceCard& card = cards[index];
      const std::string& command = card.command();
      if (command == ".subckt") {
        defineSubcircuit(card);
        if (!open.empty()) subcircuits_.at(open.back()).nested.push_back(card.fields[1]);
        open.push_back(card.fields[1]);
        continue;
      }
      if (command == ".ends") {
        if (open.empty()) fail(card, ".ends without .subckt");
        subcircuits_.at(open.back()).last = index;
        open.pop_back();
        continue;
      }
      if (!open.empty()) {  // a card of a subcircuit's body: translated where it is instantiated
        subcircuits_.at(open.back()).body.push_back(index);
        if (command == ".model" && card.fields.size() >= 3) readModel(card);
        continue;
      }
      if (command == ".control") inControl = true;
      if (command == ".endc") inControl = false;
      if (command == ".model" && card.fields.size() >= 3) readModel(card);
      if ((command == ".options" || command == ".option")) {
        for (std::size_t k = 1; k < card.fields.size(); ++k)
          if (card.fields[k].starts_with("tnom=")) tnom_ = parseSpiceNumber(card.fields[k].substr(5));
      }
      if (command == ".tran" || (inControl && command == "tran")) readTransient(card);
      if (command == ".param") readParameters(card, model_.variables);
    }
    if (!open.empty()) fail(cards.back(), "subcircuit '" + open.back() + "' has no .ends");
  }

  // .subckt NAME node... [params:] [name=value ...]
  void defineSubcircuit(const SpiceCard& card) {
    if (card.fields.size() < 3) fail(card, ".subckt needs a name and its nodes");
    Subcircuit sub{.line = card.line};
    for (std::size_t k = 2; k < card.fields.size(); ++k) {
      const std::string& field = card.fields[k];
      if (field == "params:") continue;
      const auto eq = field.find('=');
      if (eq == std::string::npos)
        sub.ports.push_back(field);
      else
        sub.defaults.emplace_back(field.substr(0, eq), field.substr(eq + 1));
    }
    if (!subcircuits_.emplace(card.fields[1], std::move(sub)).second)
      fail(card, "subcircuit '" + card.fields[1] + "' is defined twice");
  }

  void readTransient(const SpiceCard& card) {
    if (transient_) warn(card, "a second transient analysis: this one replaces the first");
    transient_ = Transient{.step = number(card, 1, "time step"), .stop = number(card, 2, "stop time")};
    std::size_t k = 3;
    for (; k < card.fields.size() && card.fields[k] != "uic"; ++k) {
      const double value = number(card, k, k == 3 ? "start time" : "maximum step");
      if (k == 3 && value != 0.0) warn(card, "start time ignored: Kelvin records from t = 0");
      if (k == 4) warn(card, "maximum step ignored: the variable-step solver chooses its steps by rtol and atol");
    }
    uic_ = k < card.fields.size();
    model_.settings.stopTime = formatEngineering(transient_->stop);
    model_.settings.step = formatEngineering(transient_->step);
  }

  /// Translates cards[k]; returns the index of the last card it consumed.
  std::size_t translate(const std::vector<SpiceCard>& cards, std::size_t k) {
    const SpiceCard& card = cards[k];
    const std::string& command = card.command();
    if (command == ".control") return skipControl(cards, k);
    if (command == ".subckt") return subcircuits_.at(card.fields[1]).last;
    if (command.starts_with('.')) {
      directive(card);
    } else {
      element(card);
    }
    return k;
  }

  std::size_t skipControl(const std::vector<SpiceCard>& cards, std::size_t k) {
    for (++k; k < cards.size() && cards[k].command() != ".endc"; ++k) {
      const std::string& command = cards[k].command();
      if (command != "tran" && command != "run")
        warn(cards[k], "control command '" + command + "' not supported: ignored");
    }
    return k;
  }

  void directive(const SpiceCard& card) {
    const std::string& command = card.command();
    if (command == ".tran" || command == ".param") return;  // read in the first pass (or the instance's)
    if (command == ".model") {
      if (card.fields.size() < 3) fail(card, ".model needs a name and a type");
      if (!spiceDeviceKind(card.fields[2])) warn(card, "model type '" + card.fields[2] + "' not supported: ignored");
    } else if (command == ".op") {
      // `kelvin-cli op` solves it; a run starts there when .tran has no UIC.
    } else if (command == ".options" || command == ".option") {
      options(card);
    } else if (command == ".temp") {
      model_.settings.temperature = number(card, 1, "temperature") + 273.15;
    } else if (command == ".save" || command == ".print" || command == ".probe" || command == ".plot") {
      probes(card);
    } else if (command == ".noise") {
      noise(card);
    } else if (command == ".ic") {
      initialConditions(card);
    } else if (command == ".ac") {
      ac(card);
    } else {
      warn(card, "'" + command + "' not supported: ignored");
    }
  }

  void options(const SpiceCard& card) {
    const std::map<std::string, double> values = keyValues(card, 1, {"reltol", "vntol", "temp", "tnom"});
    if (values.contains("reltol")) model_.settings.rtol = values.at("reltol");
    if (values.contains("vntol")) model_.settings.atol = values.at("vntol");
    if (values.contains("temp")) model_.settings.temperature = values.at("temp") + 273.15;  // tnom: read with the models
  }

  /// `v(x)` names -> voltage sensors; anything else is reported.
  void probes(const SpiceCard& card) {
    std::vector<std::string> ignored;
    for (std::size_t k = 1; k < card.fields.size(); ++k) {
      const std::string& field = card.fields[k];
      if (field == "tran" || field == "all") continue;
      if (field == "v" && k + 1 < card.fields.size()) {
        voltageSensor(card, nodeName(card.fields[++k]));
      } else {
        ignored.push_back(field);
      }
    }
    if (!ignored.empty()) warn(card, "only node voltages v(x) are recorded; ignored: " + joinFrom(ignored, 0));
  }

  void voltageSensor(const SpiceCard& card, const std::string& node) {
    if (node == kGround || !scope().sensedNodes.insert(node).second) return;
    scope().builder.add({.block = makeBlock(scope().builder.uniqueId(blockId("V_" + node)), "electrical.VoltageSensor"),
                  .pins = {{"p", node}, {"n", kGround}},
                  .origin = origin(card)});
  }

  void noise(const SpiceCard& card) {
    // .noise v(out[,ref]) src {dec|oct|lin} points fstart fstop
    std::vector<std::string> f(card.fields.begin() + 1, card.fields.end());
    if (f.size() < 2 || f[0] != "v") fail(card, ".noise needs an output v(node) and an input source");
    const std::string output = nodeName(f[1]);
    std::string reference = kGround;
    std::size_t k = 2;
    if (f.size() == 8) reference = nodeName(f[k++]);  // v(out,ref) src sweep points fstart fstop
    if (f.size() < k + 5) fail(card, ".noise needs: v(out) source sweep points fstart fstop");
    const std::string source = f[k], sweep = f[k + 1];
    const double points = number(card, k + 3, "number of points");
    const double fstart = number(card, k + 4, "start frequency");
    const double fstop = number(card, k + 5, "stop frequency");
    model_.settings.extra["noise_card"] = {{"output", output}, {"reference", reference}, {"source", source},
                                           {"sweep", sweep},   {"points", points},       {"fstart", fstart},
                                           {"fstop", fstop},   {"line", card.line}};
    if (!registry_.find("electrical.NoiseSensor")) {
      warn(card, "the library has no electrical.NoiseSensor yet: the .noise card is kept in settings.noise_card");
      return;
    }
    // No bandwidth: SPICE's .noise reports the output density itself; the band is the card's.
    scope().builder.add({.block = makeBlock(scope().builder.uniqueId(blockId("NOISE_" + output)), "electrical.NoiseSensor"),
                  .pins = {{"p", output}, {"n", reference}},
                  .origin = origin(card)});
  }

  /// `.ic v(node)=value ...`: node voltages at t = 0, applied to the capacitors once every element is read.
  void initialConditions(const SpiceCard& card) {
    if (&scope() != scopes_.front().get()) {
      warn(card, ".ic inside a subcircuit not supported: ignored");
      return;
    }
    std::vector<std::string> ignored;
    for (std::size_t k = 1; k < card.fields.size(); ++k) {
      const std::string& field = card.fields[k];
      const auto eq = k + 1 < card.fields.size() ? card.fields[k + 1].find('=') : std::string::npos;
      if (field != "v" || eq == std::string::npos) {
        ignored.push_back(field);
        continue;
      }
      const std::string& assignment = card.fields[++k];
      const std::optional<double> value = parseSpiceNumber(assignment.substr(eq + 1));
      if (!value) fail(card, ".ic: malformed value in '" + assignment + "'");
      const std::string node = nodeName(assignment.substr(0, eq));
      if (node.find('.') != std::string::npos) {
        ignored.push_back("v(" + node + ")");
        continue;
      }
      initialVoltages_[node] = *value;
    }
    if (!ignored.empty()) warn(card, ".ic: only top-level node voltages v(node)=value are supported; ignored: " +
                                         joinFrom(ignored, 0));
    if (!icOrigin_) icOrigin_ = &card;
  }

  /// The .ic node voltages as the v0 of each capacitor on those nodes (a node without one at
  /// 0 V, as SPICE's UIC starts it); a capacitor's own IC= wins, as in SPICE.
  void applyInitialConditions() {
    if (initialVoltages_.empty()) return;
    const auto voltage = [&](const std::string& node) {
      const auto found = initialVoltages_.find(node);
      return found == initialVoltages_.end() ? 0.0 : found->second;
    };
    for (NetlistElement& element : scope().builder.elements()) {
      if (element.block.type != "electrical.Capacitor" || element.block.params.contains("v0")) continue;
      const std::string& p = element.pins[0].second;
      const std::string& n = element.pins[1].second;
      if (!initialVoltages_.contains(p) && !initialVoltages_.contains(n)) continue;
      element.block.params["v0"] = formatEngineering(voltage(p) - voltage(n));
    }
    if (!uic_)
      warn(*icOrigin_, ".ic without UIC: ngspice holds these nodes during its operating point, Kelvin's operating "
                       "point does not; the voltages are kept as the capacitors' v0, used when 'initial' is 'ic'");
  }

  /// `.ac dec|oct|lin points fstart fstop`: the sweep of the frequency analyses (settings.ac_card).
  void ac(const SpiceCard& card) {
    if (card.fields.size() < 5) fail(card, ".ac needs: dec|oct|lin points fstart fstop");
    const std::string& sweep = card.fields[1];
    if (sweep != "dec" && sweep != "oct" && sweep != "lin") fail(card, ".ac: sweep '" + sweep + "' is not dec, oct or lin");
    const double points = number(card, 2, "number of points"), fstart = number(card, 3, "start frequency"),
                 fstop = number(card, 4, "stop frequency");
    if (!(points >= 1.0 && fstart > 0.0 && fstop > fstart))
      fail(card, ".ac needs at least 1 point and 0 < fstart < fstop");
    model_.settings.extra["ac_card"] = {
        {"sweep", sweep}, {"points", points}, {"fstart", fstart}, {"fstop", fstop}, {"line", card.line}};
  }

  void element(const SpiceCard& card) {
    const char kind = card.command().front();
    if (std::string("rcldviqmjeghfkx").find(kind) == std::string::npos) {
      warn(card, "element '" + card.label + "' not supported (only R, C, L, D, Q, M, J, V, I, E, F, G, H, K, X): ignored");
      return;
    }
    if (kind == 'x') return instance(card);
    const bool isSource = kind == 'v' || kind == 'i';
    if (card.fields.size() < (isSource ? 3u : 4u)) fail(card, card.label + ": needs two nodes and a value");
    const std::string id = blockId(card.label);
    if (!scope().elementNames.insert(card.command()).second) fail(card, "duplicate element name '" + card.label + "'");
    scope().idOf[card.command()] = id;
    if (kind == 'f' || kind == 'h' || kind == 'k') {  // they refer to elements that may come later
      scope().deferred.push_back(&card);
      return;
    }
    if (kind == 'q') return transistor(card);
    if (kind == 'm') return mosfet(card);
    if (kind == 'j') return jfet(card);
    if (kind == 'e' || kind == 'g') return voltageControlled(card);
    NetlistElement element{.block = makeBlock(id, ""),
                           .pins = {{"p", nodeName(card.fields[1])}, {"n", nodeName(card.fields[2])}},
                           .origin = origin(card)};
    Block& block = element.block;
    switch (kind) {
      case 'r':
        block.type = "electrical.Resistor";
        block.params["R"] = valueText(card, 3, "resistance");
        keyValues(card, 4, {});
        break;
      case 'c':
      case 'l': {
        const bool capacitor = kind == 'c';
        block.type = capacitor ? "electrical.Capacitor" : "electrical.Inductor";
        block.params[capacitor ? "C" : "L"] = valueText(card, 3, capacitor ? "capacitance" : "inductance");
        const std::map<std::string, double> values = keyValues(card, 4, {"ic"});
        if (values.contains("ic")) block.params[capacitor ? "v0" : "i0"] = formatEngineering(values.at("ic"));
        break;
      }
      case 'd': {
        const SpiceDeviceModel& model = deviceModel(card, 3, {"d"}, "diode");
        const double area = card.fields.size() > 4 ? number(card, 4, "area factor") : 1.0;
        if (card.fields.size() > 5) warn(card, card.label + ": ignored (not supported): " + joinFrom(card.fields, 5));
        deviceBlock(block, model, area);
        break;
      }
      default:
        if (!source(card, block)) return;
    }
    scope().builder.add(std::move(element));
  }

  /// The .model named by fields[k], of one of `kinds`; an error naming the line when there is none.
  const SpiceDeviceModel& deviceModel(const SpiceCard& card, std::size_t k, const std::set<std::string>& kinds,
                                      const std::string& what) const {
    const auto model = k < card.fields.size() ? models_.find(card.fields[k]) : models_.end();
    if (model == models_.end() || !kinds.contains(model->second.kind))
      fail(card, card.label + ": no " + what + " .model named '" + (k < card.fields.size() ? card.fields[k] : "") + "'");
    return model->second;
  }

  /// Type and parameters of a device block from its model and area factor. A parameter the
  /// area scales keeps SPICE's scaling when the card leaves it at its default.
  void deviceBlock(Block& block, const SpiceDeviceModel& model, double area) const {
    const SpiceDeviceKind kind = *spiceDeviceKind(model.kind);
    block.type = kind.blockType;
    block.params = kind.fixed;
    SpiceDeviceModel scaled = model;
    const ComponentType* type = registry_.find(kind.blockType);
    for (const auto& [spice, translation] : kind.translated) {
      const ParamDecl* decl = type ? type->findParam(translation.param) : nullptr;
      if (translation.area != 0 && area != 1.0 && !scaled.values.contains(spice) && decl)
        if (const std::optional<double> value = parseSpiceNumber(decl->defaultValue)) scaled.values[spice] = *value;
    }
    for (const auto& [param, value] : spiceDeviceParams(scaled, kind, area, tnom_))
      block.params[param] = formatEngineering(value);
  }

  // Qname c b e [substrate] model [area] ...
  void transistor(const SpiceCard& card) {
    if (card.fields.size() < 5) fail(card, card.label + ": needs collector, base and emitter nodes and a model");
    std::size_t k = 4;
    if (!models_.contains(card.fields[k]) && k + 1 < card.fields.size() && models_.contains(card.fields[k + 1])) {
      warn(card, card.label + ": substrate node '" + card.fields[k] + "' ignored (no substrate junction)");
      ++k;
    }
    const SpiceDeviceModel& model = deviceModel(card, k, {"npn", "pnp"}, "NPN or PNP");
    double area = 1.0;
    if (k + 1 < card.fields.size() && parseSpiceNumber(card.fields[k + 1])) area = number(card, ++k, "area factor");
    if (k + 1 < card.fields.size()) warn(card, card.label + ": ignored (not supported): " + joinFrom(card.fields, k + 1));
    NetlistElement element{.block = makeBlock(blockId(card.label), ""),
                           .pins = {{"c", nodeName(card.fields[1])},
                                    {"b", nodeName(card.fields[2])},
                                    {"e", nodeName(card.fields[3])}},
                           .origin = origin(card)};
    deviceBlock(element.block, model, area);
    scope().builder.add(std::move(element));
  }

  // Mname d g s b model [L=] [W=] ...: the level-1 card, W and L of the instance.
  void mosfet(const SpiceCard& card) {
    if (card.fields.size() < 6) fail(card, card.label + ": needs drain, gate, source and bulk nodes and a model");
    const SpiceDeviceModel& model = deviceModel(card, 5, {"nmos", "pmos"}, "NMOS or PMOS");
    NetlistElement element{.block = makeBlock(blockId(card.label), ""),
                           .pins = {{"d", nodeName(card.fields[1])},
                                    {"g", nodeName(card.fields[2])},
                                    {"s", nodeName(card.fields[3])},
                                    {"b", nodeName(card.fields[4])}},
                           .origin = origin(card)};
    deviceBlock(element.block, model, 1.0);
    const std::map<std::string, double> geometry = keyValues(card, 6, {"w", "l"});
    for (const auto& [key, value] : geometry) element.block.params[key == "w" ? "W" : "L"] = formatEngineering(value);
    scope().builder.add(std::move(element));
  }

  // Jname d g s model [area] ...: the level-1 card, scaled by the area factor as SPICE scales it.
  void jfet(const SpiceCard& card) {
    if (card.fields.size() < 5) fail(card, card.label + ": needs drain, gate and source nodes and a model");
    const SpiceDeviceModel& model = deviceModel(card, 4, {"njf", "pjf"}, "NJF or PJF");
    std::size_t k = 4;
    double area = 1.0;
    if (k + 1 < card.fields.size() && parseSpiceNumber(card.fields[k + 1])) area = number(card, ++k, "area factor");
    if (k + 1 < card.fields.size()) warn(card, card.label + ": ignored (not supported): " + joinFrom(card.fields, k + 1));
    NetlistElement element{.block = makeBlock(blockId(card.label), ""),
                           .pins = {{"d", nodeName(card.fields[1])},
                                    {"g", nodeName(card.fields[2])},
                                    {"s", nodeName(card.fields[3])}},
                           .origin = origin(card)};
    deviceBlock(element.block, model, area);
    scope().builder.add(std::move(element));
  }

  // Ename n+ n- nc+ nc- gain (VCVS), Gname n+ n- nc+ nc- gm (VCCS: current from n+ through it to n-).
  void voltageControlled(const SpiceCard& card) {
    const bool vcvs = card.command().front() == 'e';
    if (card.fields.size() < 6 || (!parseSpiceNumber(card.fields[5]) && !parameterName(card.fields[5]))) {
      warn(card, card.label + ": only the linear form 'n+ n- nc+ nc- " + (vcvs ? "gain" : "gm") +
                     "' is supported (not VALUE, POLY or TABLE): element ignored");
      return;
    }
    NetlistElement element{
        .block = makeBlock(blockId(card.label), vcvs ? "electrical.VCVS" : "electrical.VCCS",
                           {{vcvs ? "gain" : "gm", valueText(card, 5, vcvs ? "gain" : "transconductance")}}),
        .pins = {{"p", nodeName(card.fields[1])},
                 {"n", nodeName(card.fields[2])},
                 {"cp", nodeName(card.fields[3])},
                 {"cn", nodeName(card.fields[4])}},
        .origin = origin(card)};
    if (card.fields.size() > 6) warn(card, card.label + ": ignored (not supported): " + joinFrom(card.fields, 6));
    scope().builder.add(std::move(element));
  }

  // Fname n+ n- vname gain (CCCS), Hname n+ n- vname r (CCVS): the current through vname (from its
  // + through it to its −) is sensed by the block's sense branch cp → cn, put in series after vname's −.
  void currentControlled(const SpiceCard& card) {
    const bool cccs = card.command().front() == 'f';
    if (card.fields.size() < 5 || (!parseSpiceNumber(card.fields[4]) && !parameterName(card.fields[4]))) {
      warn(card, card.label + ": only the linear form 'n+ n- vname " + (cccs ? "gain" : "r") +
                     "' is supported (not POLY): element ignored");
      return;
    }
    const std::string& vname = card.fields[3];
    NetlistElement* source = vname.front() == 'v' && scope().idOf.contains(vname) ? scope().builder.find(scope().idOf.at(vname)) : nullptr;
    if (!source) fail(card, card.label + ": no voltage source named '" + vname + "' whose current it senses");
    std::string& negative = source->pins[1].second;
    const std::string sense = vname + "#" + card.command();  // not a SPICE node name: '#' starts no node
    NetlistElement element{
        .block = makeBlock(blockId(card.label), cccs ? "electrical.CCCS" : "electrical.CCVS",
                           {{cccs ? "gain" : "r", valueText(card, 4, cccs ? "gain" : "transresistance")}}),
        .pins = {{"p", nodeName(card.fields[1])}, {"n", nodeName(card.fields[2])}, {"cp", sense}, {"cn", negative}},
        .origin = origin(card)};
    negative = sense;
    if (card.fields.size() > 5) warn(card, card.label + ": ignored (not supported): " + joinFrom(card.fields, 5));
    scope().builder.add(std::move(element));
  }

  // Kname Lname1 Lname2 k: the two inductors become one electrical.CoupledInductors named Kname
  // (dots at the first node of each inductor, as SPICE's).
  void coupling(const SpiceCard& card) {
    if (card.fields.size() < 4) fail(card, card.label + ": needs two inductors and a coupling coefficient");
    const double k = number(card, 3, "coupling coefficient");
    if (!(k > 0.0 && k < 1.0)) fail(card, card.label + ": the coupling coefficient must be between 0 and 1");
    std::vector<NetlistElement*> windings;
    for (std::size_t f = 1; f <= 2; ++f) {
      const std::string& name = card.fields[f];
      NetlistElement* inductor = scope().idOf.contains(name) ? scope().builder.find(scope().idOf.at(name)) : nullptr;
      if (!inductor || inductor->block.type != "electrical.Inductor") {
        warn(card, card.label + ": '" + name + "' is not an inductor still uncoupled (one K per inductor is "
                   "supported): element ignored");
        return;
      }
      windings.push_back(inductor);
    }
    const auto& a = *windings[0];
    const auto& b = *windings[1];
    std::map<std::string, std::string> params{{"L1", a.block.params.at("L")}, {"L2", b.block.params.at("L")},
                                              {"k", formatEngineering(k)}};
    if (a.block.params.contains("i0")) params["i10"] = a.block.params.at("i0");
    if (b.block.params.contains("i0")) params["i20"] = b.block.params.at("i0");
    NetlistElement element{.block = makeBlock(blockId(card.label), "electrical.CoupledInductors", params),
                           .pins = {{"p1", a.pins[0].second},
                                    {"n1", a.pins[1].second},
                                    {"p2", b.pins[0].second},
                                    {"n2", b.pins[1].second}},
                           .origin = origin(card)};
    const std::string first = a.block.id, second = b.block.id;  // a and b die with the first remove()
    warn(card, card.label + ": " + first + " and " + second + " become the windings of " + element.block.id);
    scope().builder.remove(first);
    scope().builder.remove(second);
    scope().builder.add(std::move(element));
  }

  void translateDeferred() {
    for (const SpiceCard* card : scope().deferred) {
      if (card->command().front() == 'k')
        coupling(*card);
      else
        currentControlled(*card);
    }
  }

  // Xname node... SUBNAME [params:] [name=value ...]: a Subsystem block named Xname that holds the
  // subcircuit's elements (named as in the definition); the definition's nodes are its boundary
  // ports; its parameters are the definition's defaults with the instance's values over them.
  void instance(const SpiceCard& card) {
    std::size_t nameAt = card.fields.size() - 1;
    for (std::size_t k = 1; k < card.fields.size(); ++k)
      if (card.fields[k] == "params:" || card.fields[k].find('=') != std::string::npos) {
        nameAt = k - 1;
        break;
      }
    if (nameAt < 1) fail(card, card.label + ": needs its nodes and a subcircuit name");
    const std::string& name = card.fields[nameAt];
    const auto found = subcircuits_.find(name);
    if (found == subcircuits_.end()) fail(card, card.label + ": no subcircuit named '" + name + "'");
    const Subcircuit& sub = found->second;
    if (nameAt - 1 != sub.ports.size())
      fail(card, card.label + ": subcircuit '" + name + "' (line " + std::to_string(sub.line) + ") has " +
                     std::to_string(sub.ports.size()) + " nodes, " + std::to_string(nameAt - 1) + " given");
    if (std::find(instantiating_.begin(), instantiating_.end(), name) != instantiating_.end())
      fail(card, card.label + ": subcircuit '" + name + "' contains an instance of itself");
    if (instantiating_.size() >= kMaxSubcircuitDepth)
      fail(card, card.label + ": subcircuits nested more than " + std::to_string(kMaxSubcircuitDepth) + " deep");

    std::map<std::string, std::string> texts(sub.defaults.begin(), sub.defaults.end());
    for (std::size_t k = nameAt + 1; k < card.fields.size(); ++k) {
      const std::string& field = card.fields[k];
      const auto eq = field.find('=');
      if (field == "params:") continue;
      if (eq == std::string::npos || eq == 0) fail(card, card.label + ": expected name=value, not '" + field + "'");
      texts[field.substr(0, eq)] = field.substr(eq + 1);
    }
    Block block = makeBlock(blockId(card.label), "Subsystem");
    auto inner = std::make_unique<Scope>(&scope().params);
    for (const auto& [key, text] : texts) {  // evaluated where the instance is, as SPICE does
      const std::optional<double> value = parseSpiceNumber(text);
      const std::optional<std::string> expression = expressionText(text);
      inner->params.set(key, value ? *value : evaluate(card, expression.value_or(text)));
      block.params[key] = value ? formatEngineering(*value) : expression.value_or(text);
    }
    scopes_.push_back(std::move(inner));
    instantiating_.push_back(name);
    std::vector<Variable> local;
    for (std::size_t index : sub.body) {
      const SpiceCard& body = (*cards_)[index];
      if (body.command() == ".param")
        readParameters(body, local);
      else if (body.command() != ".model")  // read in the first pass
        translate(*cards_, index);
    }
    // A .param of the body may use the subcircuit's parameters: its value for this instance is kept.
    for (const Variable& v : local) block.params[v.name] = formatEngineering(*scope().params.find(v.name));
    translateDeferred();
    NetlistModelBuilder::Boundary boundary;
    std::set<std::string> taken;
    for (const std::string& node : sub.ports) {
      std::string port = portName(node);
      for (int n = 2; !taken.insert(port).second; ++n) port = portName(node) + "_" + std::to_string(n);
      boundary.emplace_back(port, node);
    }
    Model contents = scope().builder.build(Model{}, warnings_, boundary);
    scopes_.pop_back();
    instantiating_.pop_back();

    block.blocks = std::move(contents.blocks);
    block.connections = std::move(contents.connections);
    NetlistElement element{.block = {}, .pins = {}, .origin = origin(card)};
    for (std::size_t i = 0; i < boundary.size(); ++i) {
      BoundaryPort port;
      port.name = boundary[i].first;
      port.domain = "electrical";
      port.direction = "physical";
      port.pos = {0.0, 40.0 * static_cast<double>(i)};
      block.ports.push_back(port);
      element.pins.emplace_back(boundary[i].first, nodeName(card.fields[1 + i]));
    }
    element.block = std::move(block);
    scope().builder.add(std::move(element));
  }

  /// The numbers after fields[k] up to the next word (at most `count`).
  std::vector<double> arguments(const SpiceCard& card, std::size_t& k, std::size_t count) const {
    std::vector<double> values;
    while (values.size() < count && k + 1 < card.fields.size() && parseSpiceNumber(card.fields[k + 1]))
      values.push_back(*parseSpiceNumber(card.fields[++k]));
    return values;
  }

  /// Fills a V or I source; false (with a warning) when its waveform has no Kelvin block.
  bool source(const SpiceCard& card, Block& block) {
    const bool voltage = card.command().front() == 'v';
    const std::string quantity = voltage ? "V" : "I";
    block.type = voltage ? "electrical.VoltageSource" : "electrical.CurrentSource";
    block.params[quantity] = "0";
    for (std::size_t k = 3; k < card.fields.size(); ++k) {
      const std::string& word = card.fields[k];
      if (word == "dc") {
        block.params[quantity] = valueText(card, ++k, "DC value");
      } else if (k == 3 && parseSpiceNumber(word)) {
        block.params[quantity] = formatEngineering(*parseSpiceNumber(word));
      } else if (word == "ac") {
        arguments(card, k, 2);  // magnitude and phase: small-signal only
      } else if (word == "sin" || word == "pulse") {
        const std::vector<double> a = arguments(card, k, word == "sin" ? 6 : 7);
        const std::string kind = voltage ? "Voltage" : "Current";
        if (word == "sin") {
          sine(card, block, a);
          block.type = "electrical.Sine" + kind;
        } else {
          pulse(card, block, a);
          block.type = "electrical.Pulse" + kind;
        }
      } else {
        warn(card, card.label + ": source '" + word + "' not supported: element ignored");
        return false;
      }
    }
    return true;
  }

  // SIN(vo va freq td theta phase): v = vo + va·sin(2π·freq·t + phase°), freq defaulting to 1/tstop.
  void sine(const SpiceCard& card, Block& block, const std::vector<double>& a) {
    if (a.size() < 2) fail(card, card.label + ": SIN needs at least offset and amplitude");
    const double frequency = a.size() > 2 ? a[2] : (transient_ ? 1.0 / transient_->stop : 0.0);
    if ((a.size() > 3 && a[3] != 0.0) || (a.size() > 4 && a[4] != 0.0))
      warn(card, card.label + ": SIN delay and damping not supported: ignored");
    const double phaseDegrees = a.size() > 5 ? a[5] : 0.0;
    block.params = {{"offset", formatEngineering(a[0])},
                    {"amplitude", formatEngineering(a[1])},
                    {"frequency", formatEngineering(frequency)},
                    {"phase", phaseDegrees == 0.0 ? "0" : formatEngineering(phaseDegrees) + "*pi/180"}};
  }

  // PULSE(v1 v2 td tr tf pw per): tr and tf default to tstep, pw and per to tstop. Without
  // a period the pulse happens once; Kelvin's pulse always repeats, so its period is made
  // longer than the run.
  void pulse(const SpiceCard& card, Block& block, const std::vector<double>& a) {
    if (a.size() < 2) fail(card, card.label + ": PULSE needs at least v1 and v2");
    const double tstep = transient_ ? transient_->step : 0.0, tstop = transient_ ? transient_->stop : 1.0;
    const double delay = a.size() > 2 ? a[2] : 0.0;
    const double rise = a.size() > 3 ? a[3] : tstep, fall = a.size() > 4 ? a[4] : tstep;
    const double width = a.size() > 5 ? a[5] : tstop;
    const double period = a.size() > 6 ? a[6] : rise + width + fall + tstop;
    block.params = {{"v1", formatEngineering(a[0])},      {"v2", formatEngineering(a[1])},
                    {"delay", formatEngineering(delay)},  {"rise", formatEngineering(rise)},
                    {"fall", formatEngineering(fall)},    {"width", formatEngineering(width)},
                    {"period", formatEngineering(period)}};
  }

  const std::string& fileName_;
  const BlockRegistry& registry_;
  const SpiceFileReader& reader_;
  Model model_;
  std::vector<Diagnostic> warnings_;
  std::map<std::string, SpiceDeviceModel> models_;  // .model name -> card
  std::optional<double> tnom_;                      // .options tnom, °C
  /// A subcircuit definition: its nodes, parameter defaults and the cards of its body.
  struct Subcircuit {
    int line = 0;
    std::vector<std::string> ports;
    std::vector<std::pair<std::string, std::string>> defaults;  // name -> value text
    std::vector<std::size_t> body;                              // card indices, nested definitions left out
    std::vector<std::string> nested;                            // subcircuits defined inside it
    std::size_t last = 0;                                       // its .ends
  };
  std::map<std::string, Subcircuit> subcircuits_;
  /// What is being translated: the top level, or one subcircuit instance inside it.
  struct Scope {
    explicit Scope(const ParameterScope* parent) : params(parent) {}
    NetlistModelBuilder builder{kGround};
    ParameterScope params;                      // .param values; a subcircuit's parameters
    std::map<std::string, std::string> idOf;   // element name (lower case) -> block id
    std::set<std::string> elementNames;
    std::set<std::string> sensedNodes;
    std::vector<const SpiceCard*> deferred;     // F, H, K: translated once every element is known
  };
  std::vector<std::unique_ptr<Scope>> scopes_;  // the top level first, the innermost instance last
  std::vector<std::string> instantiating_;      // the subcircuits being instantiated, outermost first
  const std::vector<SpiceCard>* cards_ = nullptr;

  Scope& scope() { return *scopes_.back(); }
  const Scope& scope() const { return *scopes_.back(); }
  std::optional<Transient> transient_;
  bool uic_ = false;
  std::map<std::string, double> initialVoltages_;  // .ic: node -> V
  const SpiceCard* icOrigin_ = nullptr;             // the first .ic card
};

}  // namespace

SpiceImport importSpice(std::string_view text, const std::string& fileName, const BlockRegistry& registry,
                        const SpiceFileReader& reader) {
  return SpiceImporter(fileName, registry, reader).run(text);
}

}  // namespace kelvin::core
