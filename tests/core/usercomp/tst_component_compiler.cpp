// Compiling user components (core/usercomp/component_compiler.h and the library
// layer): names, ports, functions and balance are checked with the line and
// column of the problem; sub-models (built-in and user, physical and signal)
// flatten into the same equations a hand-built diagram would give, checked
// against closed forms.

// simulator.h names a parameter `signals`, which Qt's keywords would turn into a macro.
#define QT_NO_KEYWORDS

#include <QtTest>

#include "model/model_validator.h"
#include "support/simulation_trace.h"
#include "usercomp/component_compiler.h"
#include "usercomp/component_error.h"
#include "usercomp/component_parser.h"
#include "usercomp/user_component_library.h"

using namespace kelvin;
using namespace kelvin::core;

namespace {

/// The error compiling `text` against the library (and the components before it in the same text).
std::string compileError(const std::string& text) {
  BlockRegistry layer(&test::library());
  const std::vector<Diagnostic> problems = addUserComponents({{text, "m.kelvin"}}, layer);
  return problems.empty() ? std::string() : problems.front().toString();
}

const char* kResistor = R"(component Res
  port p, n : electrical;
  parameter R = 1k;
  variable v, i;
equation
  v = across(p) - across(n);
  i = through(p);
  through(p) + through(n) = 0;
  v = R*i;
end
)";

/// A model of `components` with `blocks` and `connections` (JSON texts).
Model modelWith(const std::vector<std::string>& components, const std::string& blocks, const std::string& connections) {
  Model m = parseModel(R"({"format": "kelvin-model", "version": 1, "name": "t",
      "settings": {"stop_time": "1m", "step": "0.1m", "rtol": 1e-9, "atol": 1e-12},
      "blocks": [)" + blocks + R"(], "connections": [)" + connections + "]}",
                       "t");
  m.components = components;
  return m;
}

}  // namespace

class TestComponentCompiler : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void errorsNameTheComponentLineAndColumn_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("one equation too few")
        << "component Short\n  port p, n : electrical;\n  variable v;\nequation\n  v = across(p) - across(n);\n"
           "  through(p) = v;\nend"
        << "m.kelvin: component Short, line 1:1: component Short is not balanced: 2 equations for 3 unknowns; "
           "not determined by any equation: through(n)";
    QTest::newRow("one equation too many")
        << "component Long\n  variable v;\nequation\n  v = 1;\n  v = 2;\nend"
        << "component Long is not balanced: 2 equations for 1 unknown; one too many among the equations at line 5";
    QTest::newRow("singular") << "component Sing\n  variable a, b;\nequation\n  a = 1;\n  a = 2;\nend"
                              << "is structurally singular: 2 equations for 2 unknowns; not determined by any "
                                 "equation: b; one too many among the equations at line 5";
    QTest::newRow("der of a variable") << "component D\n  variable x;\nequation\n  der(x) = 1;\nend"
                                       << "line 4:7: der(x): x is not a state (declare it with 'state x')";
    QTest::newRow("duplicate") << "component Dup\n  variable v;\n  parameter v = 1;\nend"
                               << "line 3:13: 'v' is declared twice (already a variable)";
    QTest::newRow("through of a signal") << "component S\n  input u;\n  output y;\nequation\n  y = through(u);\nend"
                                         << "line 5:15: no physical port 'u' in through()";
    QTest::newRow("noise of the wrong domain")
        << "component N\n  port a, b : thermal;\nequation\n  through(a) = across(a) - across(b);\n"
           "  through(a) + through(b) = 0;\nnoise\n  current(a, b) = 1;\nend"
        << "line 7:3: a current noise does not fit the thermal port a";
    QTest::newRow("unknown sub-model type") << "component U\n  X1 : electrical.Resistr;\nend"
                                            << "line 2:3: unknown component type 'electrical.Resistr'";
    QTest::newRow("unknown sub-model parameter") << "component U\n  X1 : electrical.Resistor(Q = 1);\nend"
                                                 << "line 2:32: electrical.Resistor has no parameter 'Q'";
    QTest::newRow("connect to no port") << "component U\n  port p : electrical;\n  X1 : electrical.Ground;\n"
                                           "equation\n  connect(X1.q, p);\nend"
                                        << "line 5:3: connect: electrical.Ground has no port 'q'";
    QTest::newRow("connect across domains")
        << "component U\n  port p : electrical;\n  X1 : rotational.Fixed;\nequation\n  connect(X1.a, p);\nend"
        << "line 5:3: connect: X1.a (rotational) and p (electrical) cannot be joined";
    QTest::newRow("cycle") << "component A\n  x : user.B;\nend\ncomponent B\n  y : user.A;\nend"
                           << "component A, line 1:1: its sub-models use each other in a cycle";
  }

  void errorsNameTheComponentLineAndColumn() {
    QFETCH(QString, text);
    QFETCH(QString, message);
    const QString error = QString::fromStdString(compileError(text.toStdString()));
    QVERIFY2(error.contains(message), qPrintable(error));
  }

  // Each level of user components inside user components is a stack frame of the build: 32 compile,
  // the 33rd is refused by name.
  void nestingIsBounded() {
    std::string text = "component C1\n  port p : electrical;\nequation\n  through(p) = 0;\nend\n";
    for (int k = 2; k <= 33; ++k)
      text += "component C" + std::to_string(k) + "\n  port p : electrical;\n  X : user.C" + std::to_string(k - 1) +
              ";\nequation\n  connect(X.p, p);\nend\n";
    BlockRegistry layer(&test::library());
    const std::vector<Diagnostic> problems = addUserComponents({{text, "m"}}, layer);
    QVERIFY(layer.find("user.C32"));
    QVERIFY(!layer.find("user.C33"));
    QCOMPARE(problems.size(), std::size_t(1));
    QVERIFY2(problems.front().message.find("component C33, line 192:1: user components nest 33 deep here; at most "
                                           "32 are allowed") != std::string::npos,
             problems.front().message.c_str());
  }

  void balancedComponentsCompile() {
    QCOMPARE(compileError(kResistor), std::string());
    BlockRegistry layer(&test::library());
    QVERIFY(addUserComponents({{kResistor, "m"}}, layer).empty());
    const ComponentType* type = layer.find("user.Res");
    QVERIFY(type);
    QCOMPARE(type->ports.size(), std::size_t(2));
    QCOMPARE(type->params.front().defaultValue, std::string("1k"));
    QCOMPARE(type->keyParam, std::string("R"));
    QVERIFY(type->icon.rfind("<svg", 0) == 0);  // the generated box
    QVERIFY(layer.find("electrical.Resistor"));  // the library shows through
    QCOMPARE(layer.own().size(), std::size_t(1));
  }

  // A divider of two library resistors inside a user component, its middle an
  // internal node: 4 V across R and 3R gives 3 V at the middle port.
  void physicalSubModelsFlatten() {
    const std::string divider = R"(component Divider
  port p, n, m : electrical;
  parameter Rx = 1k;
  Top : electrical.Resistor(R = Rx);
  Bottom : electrical.Resistor(R = 3*Rx);
equation
  connect(Top.p, p);
  connect(Top.n, Bottom.p);
  connect(Bottom.n, n);
  connect(Bottom.p, m);
end)";
    const Model m = modelWith({divider}, R"(
        {"id": "V", "type": "electrical.VoltageSource", "params": {"V": "4"}},
        {"id": "D", "type": "user.Divider", "params": {"Rx": "2k"}},
        {"id": "S", "type": "electrical.VoltageSensor"},
        {"id": "G", "type": "electrical.Ground"})",
                              R"({"from": "V.p", "to": "D.p"}, {"from": "D.n", "to": "G.p"}, {"from": "V.n", "to": "G.p"},
        {"from": "D.m", "to": "S.p"}, {"from": "S.n", "to": "G.p"})");
    QVERIFY(validateModel(m, test::library(), "t").empty());
    const test::Trace trace = test::simulateModel(m);
    QVERIFY(std::abs(trace["S.y"].back() - 3.0) < 1e-12);  // a linear solve: rounding only
    QVERIFY(std::abs(trace["D.Top.p.through"].back() - 4.0 / 8e3) < 1e-15);
  }

  // A user component inside a user component, and signal sub-models:
  // y = Gain(2a)·u with u = 1.5 and a = 1.25 gives 3.75.
  void userAndSignalSubModelsFlatten() {
    const std::string twice = R"(component Twice
  input u;
  output y;
  parameter a = 1;
  G : signal.Gain(k = 2*a);
equation
  connect(u, G.u);
  connect(G.y, y);
end)";
    const std::string wrapper = R"(component Wrapper
  input u;
  output y;
  parameter a = 1;
  T1 : user.Twice(a = a);
equation
  connect(u, T1.u);
  connect(T1.y, y);
end)";
    const Model m = modelWith({wrapper, twice}, R"(
        {"id": "C", "type": "signal.Constant", "params": {"value": "1.5"}},
        {"id": "W", "type": "user.Wrapper", "params": {"a": "1.25"}})",
                              R"({"from": "C.y", "to": "W.u"})");
    QVERIFY(validateModel(m, test::library(), "t").empty());
    QCOMPARE(test::simulateModel(m)["W.y"].back(), 3.75);
  }

  // A state with a start value from a parameter, and der(): y' = −y/τ, y(0) = y0.
  void statesStartFromParameters() {
    const std::string lag = R"(component Lag
  output y;
  parameter tau = 1m, y0 = 2;
  state x = 2*y0;
equation
  tau*der(x) = -x;
  y = x;
end)";
    QCOMPARE(compileError(lag), std::string());  // two parameters in one statement, as variables may be
    const Model m = modelWith({lag}, R"({"id": "L", "type": "user.Lag", "params": {"tau": "0.5m"}})", "");
    const test::Trace trace = test::simulateModel(m);
    // IDA at rtol 1e-9 on one state: the global error stays near 1e-8 of the value.
    QVERIFY(std::abs(trace.at("L.y", 1e-3) - 4.0 * std::exp(-2.0)) < 1e-7);
  }

  void modelFileKeepsComponents() {
    Model m = modelWith({kResistor}, "", "");
    m.componentFiles.push_back({"parts.kc", "/nowhere/parts.kc", "ignored"});
    const std::string text = serializeModel(m);
    QVERIFY(text.find("\"components\": [") != std::string::npos);
    QVERIFY(text.find("\"component_files\": [\n    \"parts.kc\"\n  ]") != std::string::npos);
    QVERIFY(text.find("ignored") == std::string::npos);  // a file's text stays in the file
    try {
      parseModel(text, "/nowhere/m.kelvin");
      QFAIL("a missing component file must be an error");
    } catch (const ModelError& e) {
      QVERIFY2(std::string(e.what()).find("/nowhere/parts.kc: cannot read the component file") != std::string::npos,
               e.what());
    }
    // Without the file, the inline text comes back as it was.
    m.componentFiles.clear();
    QCOMPARE(parseModel(serializeModel(m), "m").components, std::vector<std::string>{kResistor});
  }
};

QTEST_APPLESS_MAIN(TestComponentCompiler)
#include "tst_component_compiler.moc"
