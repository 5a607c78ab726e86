#include "usercomp/component_parser.h"

#include <array>
#include <initializer_list>

#include "expr/parser.h"
#include "usercomp/component_error.h"
#include "usercomp/component_lexer.h"

namespace kelvin::core {

namespace {

using Kind = ComponentToken::Kind;

constexpr std::array<std::string_view, 4> kSections{"equation", "energy", "noise", "end"};
constexpr std::array<std::string_view, 7> kDeclarations{"port", "input", "output", "parameter",
                                                        "variable", "state", "icon"};

bool isKeyword(const ComponentToken& t) {
  if (t.kind != Kind::Name) return false;
  for (std::string_view k : kSections)
    if (t.text == k) return true;
  for (std::string_view k : kDeclarations)
    if (t.text == k) return true;
  return t.text == "component";
}

class ComponentParser {
 public:
  explicit ComponentParser(std::string_view text)
      : source_(std::make_shared<const std::string>(text)), tokens_(tokenizeComponents(text)) {}

  std::vector<ComponentDefinition> run() {
    std::vector<ComponentDefinition> components;
    while (current().kind != Kind::End) {
      component_.clear();
      if (!current().isName("component")) fail(current(), "expected 'component', found " + describe(current()));
      ComponentDefinition def;
      def.offset = current().offset;
      def.source = source_;
      advance();
      def.name = name("the component's name");
      component_ = def.name;
      if (current().kind == Kind::String) def.description = take().text;
      declarations(def);
      sections(def);
      components.push_back(std::move(def));
    }
    return components;
  }

 private:
  const ComponentToken& current() const { return tokens_[at_]; }
  const ComponentToken& peek(std::size_t ahead = 1) const {
    return tokens_[std::min(at_ + ahead, tokens_.size() - 1)];
  }
  void advance() {
    if (at_ + 1 < tokens_.size()) ++at_;
  }
  ComponentToken take() {
    ComponentToken t = current();
    advance();
    return t;
  }

  static std::string describe(const ComponentToken& t) {
    if (t.kind == Kind::End) return "the end of the text";
    if (t.kind == Kind::String) return "a string";
    return "'" + t.text + "'";
  }

  [[noreturn]] void failAt(std::size_t offset, const std::string& message) const {
    const auto [line, column] = lineAndColumn(*source_, offset);
    throw ComponentError(component_, line, column, message);
  }
  [[noreturn]] void fail(const ComponentToken& t, const std::string& message) const { failAt(t.offset, message); }

  std::string name(const char* what) {
    if (current().kind != Kind::Name || isKeyword(current()))
      fail(current(), std::string("expected ") + what + ", found " + describe(current()));
    return take().text;
  }

  void expect(std::string_view symbol) {
    if (!current().is(symbol)) {
      // A missing ';' is best shown where the statement ends, not at the next line.
      if (symbol == ";" && at_ > 0) failAt(tokens_[at_ - 1].end, "expected ';' before " + describe(current()));
      fail(current(), "expected '" + std::string(symbol) + "', found " + describe(current()));
    }
    advance();
  }

  /// Names separated by commas: `p, n`.
  std::vector<std::pair<std::string, std::size_t>> nameList(const char* what) {
    std::vector<std::pair<std::string, std::size_t>> names;
    do {
      if (!names.empty()) advance();  // ','
      const std::size_t offset = current().offset;
      names.emplace_back(name(what), offset);
    } while (current().is(","));
    return names;
  }

  /// The tokens from here to the first of `stops` outside brackets, as source text.
  /// A parameter's value also ends at a string or at `(min =` / `(max =`.
  SourceText expression(std::initializer_list<std::string_view> stops, bool parameterValue = false) {
    const std::size_t first = at_;
    int depth = 0;
    while (true) {
      const ComponentToken& t = current();
      if (t.kind == Kind::End) break;
      if (depth == 0) {
        // Two operands in a row across a line break: the statement before lacks its ';'.
        if (at_ > first && startsOperand(t) && endsOperand(tokens_[at_ - 1]) && onLaterLine(tokens_[at_ - 1], t))
          failAt(tokens_[at_ - 1].end, "expected ';' before " + describe(t));
        bool stop = false;
        for (std::string_view s : stops) stop = stop || t.is(s);
        if (parameterValue && (t.kind == Kind::String || (t.is("(") && (peek().isName("min") || peek().isName("max")) &&
                                                         peek(2).is("="))))
          stop = true;
        if (stop || isKeyword(t)) break;
      }
      if (t.is("(") || t.is("[")) ++depth;
      if (t.is(")") || t.is("]")) {
        if (depth == 0) break;
        --depth;
      }
      advance();
    }
    if (at_ == first) fail(current(), "expected an expression, found " + describe(current()));
    const std::size_t begin = tokens_[first].offset;
    const std::size_t end = tokens_[at_ - 1].end;
    return SourceText{source_->substr(begin, end - begin), begin, false};
  }

  static bool startsOperand(const ComponentToken& t) {
    return t.kind == Kind::Name || t.kind == Kind::Number || t.is("(");
  }
  static bool endsOperand(const ComponentToken& t) {
    return t.kind == Kind::Name || t.kind == Kind::Number || t.is(")");
  }
  bool onLaterLine(const ComponentToken& before, const ComponentToken& after) const {
    return source_->find('\n', before.end) < after.offset;
  }

  double constant(const SourceText& text) {
    try {
      const Expr value = parseExpression(text.text, pool_, {});
      if (value.isConstant()) return value.constantValue();
    } catch (const ParseError& e) {
      failAt(text.offset + e.position(), e.what());
    }
    failAt(text.offset, "a bound must be a number");
  }

  void declarations(ComponentDefinition& def) {
    while (true) {
      const ComponentToken& t = current();
      if (t.isName("port")) {
        advance();
        auto names = nameList("a port name");
        expect(":");
        const ComponentToken domainToken = current();
        const std::string domainText = name("a domain");
        const std::optional<Domain> domain = domainFromName(domainText);
        if (!domain || *domain == Domain::Signal)
          fail(domainToken, "unknown domain '" + domainText + "' (signal ports are declared with input and output)");
        const bool reference = current().isName("reference");
        if (reference) advance();
        expect(";");
        for (auto& [n, o] : names) def.ports.push_back({n, *domain, PortDirection::Physical, reference, o});
      } else if (t.isName("input") || t.isName("output")) {
        const PortDirection direction = t.isName("input") ? PortDirection::Input : PortDirection::Output;
        advance();
        auto names = nameList("a signal name");
        expect(";");
        for (auto& [n, o] : names) def.ports.push_back({n, Domain::Signal, direction, false, o});
      } else if (t.isName("parameter")) {
        advance();
        do {
          if (current().is(",")) advance();
          UserParameter p;
          p.offset = current().offset;
          p.name = name("a parameter name");
          expect("=");
          p.value = expression({";", ","}, true);
          if (current().kind == Kind::String) p.unit = take().text;
          if (current().kind == Kind::String) p.description = take().text;
          if (current().is("(")) bounds(p);
          def.parameters.push_back(std::move(p));
        } while (current().is(","));
        expect(";");
      } else if (t.isName("variable")) {
        advance();
        auto names = nameList("a variable name");
        expect(";");
        for (auto& [n, o] : names) def.unknowns.push_back({n, false, {}, o});
      } else if (t.isName("state")) {
        advance();
        do {
          if (current().is(",")) advance();
          UserUnknown u;
          u.offset = current().offset;
          u.name = name("a state name");
          u.state = true;
          if (current().is("=")) {
            advance();
            u.start = expression({";", ","});
          }
          def.unknowns.push_back(std::move(u));
        } while (current().is(","));
        expect(";");
      } else if (t.isName("icon")) {
        advance();
        if (current().kind != Kind::String) fail(current(), "expected the icon as a string, found " + describe(current()));
        def.icon = take().text;
        expect(";");
      } else if (t.kind == Kind::Name && !isKeyword(t) && peek().is(":")) {
        subModel(def);
      } else {
        return;
      }
    }
  }

  void bounds(UserParameter& p) {
    advance();  // '('
    do {
      if (current().is(",")) advance();
      const ComponentToken key = current();
      const std::string which = name("min or max");
      if (which != "min" && which != "max") fail(key, "expected min or max, found '" + which + "'");
      expect("=");
      const double value = constant(expression({",", ")"}));
      (which == "min" ? p.min : p.max) = value;
    } while (current().is(","));
    expect(")");
  }

  void subModel(ComponentDefinition& def) {
    UserSubModel sub;
    sub.offset = current().offset;
    sub.name = name("a sub-model name");
    expect(":");
    sub.type = name("a component type");
    while (current().is(".")) {
      advance();
      sub.type += "." + name("a component type");
    }
    if (current().is("(")) {
      advance();
      while (!current().is(")")) {
        if (!sub.arguments.empty()) expect(",");
        const std::string parameter = name("a parameter name");
        expect("=");
        if (current().kind == Kind::String) {
          const ComponentToken s = take();
          sub.arguments.emplace_back(parameter, SourceText{s.text, s.offset + 1, true});
        } else {
          sub.arguments.emplace_back(parameter, expression({",", ")", ";"}));
        }
      }
      advance();  // ')'
    }
    expect(";");
    def.subModels.push_back(std::move(sub));
  }

  std::string endpoint() {
    std::string text = name("a port or sub-model name");
    if (current().is(".")) {
      advance();
      text += "." + name("a port name");
    }
    return text;
  }

  bool atSectionEnd() const {
    for (std::string_view k : kSections)
      if (current().isName(k)) return true;
    return current().kind == Kind::End;
  }

  void sections(ComponentDefinition& def) {
    while (true) {
      const ComponentToken& t = current();
      if (t.isName("end")) {
        advance();
        if (current().kind == Kind::Name && !isKeyword(current())) {
          if (current().text != def.name)
            fail(current(), "'end " + current().text + "' closes component " + def.name);
          advance();
        }
        if (current().is(";")) advance();
        return;
      }
      if (t.kind == Kind::End) fail(t, "missing 'end' of component " + def.name);
      if (t.isName("equation")) {
        advance();
        while (!atSectionEnd()) equation(def);
      } else if (t.isName("energy")) {
        advance();
        while (!atSectionEnd()) {
          def.energy.push_back(expression({";"}));
          expect(";");
        }
      } else if (t.isName("noise")) {
        advance();
        while (!atSectionEnd()) noise(def);
      } else {
        fail(t, "expected a declaration, 'equation', 'energy', 'noise' or 'end', found " + describe(t));
      }
    }
  }

  void equation(ComponentDefinition& def) {
    const std::size_t offset = current().offset;
    if (current().isName("connect") && peek().is("(")) {
      advance();
      advance();
      UserConnect c;
      c.offset = offset;
      c.a = endpoint();
      expect(",");
      c.b = endpoint();
      expect(")");
      expect(";");
      def.connects.push_back(std::move(c));
      return;
    }
    UserEquation e;
    e.offset = offset;
    e.left = expression({"=", ";"});
    if (!current().is("=")) fail(current(), "an equation needs '=': expected '=', found " + describe(current()));
    advance();
    e.right = expression({";"});
    expect(";");
    def.equations.push_back(std::move(e));
  }

  void noise(ComponentDefinition& def) {
    UserNoise n;
    n.offset = current().offset;
    n.kind = name("current, voltage, force, torque or flow");
    expect("(");
    n.a = name("a port name");
    expect(",");
    n.b = name("a port name");
    expect(")");
    expect("=");
    n.psd = expression({";"});
    expect(";");
    def.noise.push_back(std::move(n));
  }

  std::shared_ptr<const std::string> source_;
  std::vector<ComponentToken> tokens_;
  std::size_t at_ = 0;
  std::string component_;
  ExprPool pool_;  // for constant bounds
};

}  // namespace

std::vector<ComponentDefinition> parseComponents(std::string_view text) { return ComponentParser(text).run(); }

}  // namespace kelvin::core
