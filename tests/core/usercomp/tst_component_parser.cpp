// The component language's reader (core/usercomp/component_parser.h): the
// issue's example reads into its declarations, every statement form is kept
// with its text, and syntax errors come back with the component's name and
// the line and column a user would look at.

#include <QtTest>

#include "usercomp/component_error.h"
#include "usercomp/component_parser.h"

using namespace kelvin::core;

namespace {

// The example of issue #19, word for word (with an energy section of its own).
const char* kIssueExample = R"(component MyResistor "Resistor written by the user"
  port p, n : electrical;          // electrical, rotational, ...
  parameter R = 1k "Ω" (min = 0);
  variable v, i;                   // unknowns
  state q = 0;
equation
  v = across(p) - across(n);
  i = through(p);
  through(p) + through(n) = 0;
  v = R*i;
  der(q) = i;
energy
  0.5*R*q^2;
noise
  current(p, n) = 4*k*T/R;
end
)";

}  // namespace

class TestComponentParser : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void readsTheIssueExample() {
    const std::vector<ComponentDefinition> defs = parseComponents(kIssueExample);
    QCOMPARE(defs.size(), std::size_t(1));
    const ComponentDefinition& d = defs.front();
    QCOMPARE(d.name, std::string("MyResistor"));
    QCOMPARE(d.description, std::string("Resistor written by the user"));
    QCOMPARE(d.ports.size(), std::size_t(2));
    QCOMPARE(d.ports[1].name, std::string("n"));
    QVERIFY(d.ports[1].domain == Domain::Electrical);
    QCOMPARE(d.parameters.size(), std::size_t(1));
    QCOMPARE(d.parameters[0].value.text, std::string("1k"));
    QCOMPARE(d.parameters[0].unit, std::string("Ω"));
    QCOMPARE(*d.parameters[0].min, 0.0);
    QVERIFY(!d.parameters[0].max);
    QCOMPARE(d.unknowns.size(), std::size_t(3));
    QVERIFY(d.unknowns[2].state);
    QCOMPARE(d.unknowns[2].start.text, std::string("0"));
    QCOMPARE(d.equations.size(), std::size_t(5));
    QCOMPARE(d.equations[2].left.text, std::string("through(p) + through(n)"));
    QCOMPARE(d.equations[2].right.text, std::string("0"));
    QCOMPARE(d.energy.size(), std::size_t(1));
    QCOMPARE(d.energy[0].text, std::string("0.5*R*q^2"));
    QCOMPARE(d.noise.size(), std::size_t(1));
    QCOMPARE(d.noise[0].kind, std::string("current"));
    QCOMPARE(d.noise[0].psd.text, std::string("4*k*T/R"));
    // The offset of an expression points at its text in the source.
    const std::string source(kIssueExample);
    QCOMPARE(source.substr(d.equations[3].right.offset, 3), std::string("R*i"));
  }

  void subModelsAndConnects() {
    const auto defs = parseComponents(R"(component Pair "two in series"
  port p, n : electrical;
  parameter Rx = 1k;
  R1 : electrical.Resistor(R = 2*Rx);
  R2 : user.Other(R = max(Rx, 1), mode = "fast");
equation
  connect(R1.p, p);
  connect(R1.n, R2.p);
  connect(R2.n, n);
end Pair
component Other
  port p, n : thermal reference;
  input u; output y;
  icon "<svg/>";
equation
  y = 2*u;
end)");
    QCOMPARE(defs.size(), std::size_t(2));
    QCOMPARE(defs[0].subModels.size(), std::size_t(2));
    QCOMPARE(defs[0].subModels[0].type, std::string("electrical.Resistor"));
    QCOMPARE(defs[0].subModels[0].arguments[0].second.text, std::string("2*Rx"));
    QCOMPARE(defs[0].subModels[1].arguments[0].second.text, std::string("max(Rx, 1)"));
    QVERIFY(defs[0].subModels[1].arguments[1].second.quoted);
    QCOMPARE(defs[0].subModels[1].arguments[1].second.text, std::string("fast"));
    QCOMPARE(defs[0].connects.size(), std::size_t(3));
    QCOMPARE(defs[0].connects[1].a, std::string("R1.n"));
    QCOMPARE(defs[0].connects[1].b, std::string("R2.p"));
    QVERIFY(defs[1].ports[0].reference);
    QVERIFY(defs[1].ports[2].direction == PortDirection::Input);
    QVERIFY(defs[1].ports[3].direction == PortDirection::Output);
    QCOMPARE(defs[1].icon, std::string("<svg/>"));
  }

  void syntaxErrorsAreLocated_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    // Lines and columns count from 1, as an editor shows them.
    QTest::newRow("missing semicolon") << "component Bad\n  port p, n : electrical\n  variable v;\nend"
                                       << "component Bad, line 2:25: expected ';' before 'variable'";
    QTest::newRow("equation without =") << "component Eq\nequation\n  v + 1;\nend"
                                        << "component Eq, line 3:8: an equation needs '='";
    QTest::newRow("unknown domain") << "component D\n  port a : magnetic;\nend"
                                    << "component D, line 2:12: unknown domain 'magnetic'";
    QTest::newRow("stray character") << "component S\nequation\n  v = 1 # 2;\nend"
                                     << "line 3:9: unexpected character '#'";
    QTest::newRow("missing end") << "component E\n  variable v;\nequation\n  v = 1;\n"
                                 << "component E, line 5:1: missing 'end' of component E";
    QTest::newRow("wrong end name") << "component W\nend V"
                                    << "component W, line 2:5: 'end V' closes component W";
    QTest::newRow("not a component") << "compnent X\nend"
                                     << "line 1:1: expected 'component', found 'compnent'";
    QTest::newRow("misspelt keyword") << "component K\n  paramter R = 1;\nend"
                                      << "component K, line 2:3: expected a declaration, 'equation', 'energy', "
                                         "'noise' or 'end', found 'paramter'";
    QTest::newRow("bound not a number") << "component B\n  parameter R = 1 (min = x);\nend"
                                        << "component B, line 2:26: unknown name 'x'";
  }

  void syntaxErrorsAreLocated() {
    QFETCH(QString, text);
    QFETCH(QString, message);
    try {
      parseComponents(text.toStdString());
      QFAIL("no error");
    } catch (const ComponentError& e) {
      QVERIFY2(QString::fromStdString(e.what()).startsWith(message), e.what());
    }
  }

  void columnsCountCharactersNotBytes() {
    // "Ω" is two bytes in UTF-8; the error after it is still at column 24.
    try {
      parseComponents("component U\n  parameter R = 1 \"Ω\" (mn = 0);\nend");
      QFAIL("no error");
    } catch (const ComponentError& e) {
      QCOMPARE(e.line(), 2);
      QCOMPARE(e.column(), 24);
    }
  }

  void deepNestingIsBoundedNotRecursive() {
    // The statement reader does not recurse; 100 000 brackets only make one long expression.
    const std::string deep = "component N\n  variable v;\nequation\n  v = " + std::string(100000, '(') + "1" +
                             std::string(100000, ')') + ";\nend";
    const auto defs = parseComponents(deep);
    QCOMPARE(defs.front().equations.front().right.text.size(), std::size_t(200001));
  }
};

QTEST_APPLESS_MAIN(TestComponentParser)
#include "tst_component_parser.moc"
