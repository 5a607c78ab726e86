// Model validation against a small registry of fake component types built
// here (not the real library): one row per kind of malformed model, each
// checking that exactly that problem is reported and that it names the file,
// the block and the port; plus subsystems, scopes and reporting everything
// at once; free ends (information, not errors) and start positions that
// disagree (warnings).

#include <QtTest>
#include <functional>

#include "elaborate/block_registry.h"
#include "model/model_validator.h"

using namespace kelvin::core;

using Mutation = std::function<void(Model&)>;
Q_DECLARE_METATYPE(Mutation)

class TestModelValidator : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void validModelHasNoProblems();
  void openOutputsAndOptionalInputsAreFine();
  void subsystemParametersAreInScope();
  void malformed_data();
  void malformed();
  void everyProblemIsReported();
  void freeEndsAreInformation_data();
  void freeEndsAreInformation();
  void startPositionsAgree_data();
  void startPositionsAgree();

 private:
  BlockRegistry registry_;
};

namespace {

PortDecl physical(const char* name, Domain domain) {
  PortDecl port;
  port.name = name;
  port.domain = domain;
  port.direction = PortDirection::Physical;
  return port;
}

PortDecl signal(const char* name, PortDirection direction, bool variadic = false, bool optional = false) {
  PortDecl port;
  port.name = name;
  port.direction = direction;
  port.variadic = variadic;
  port.optional = optional;
  return port;
}

ParamDecl param(const char* name, const char* unit, const char* defaultValue, ParamKind kind = ParamKind::Number) {
  ParamDecl p;
  p.name = name;
  p.unit = unit;
  p.defaultValue = defaultValue;
  p.kind = kind;
  return p;
}

ParamDecl positive(const char* name, const char* unit, const char* defaultValue) {
  ParamDecl p = param(name, unit, defaultValue);
  p.min = 0.0;
  p.minInclusive = false;
  return p;
}

PortDecl required(PortDecl port) {
  port.required = true;
  return port;
}

ComponentType type(const char* name, std::vector<PortDecl> ports, std::vector<ParamDecl> params = {},
                   std::vector<PositionDecl> positions = {}) {
  ComponentType t;
  t.type = name;
  t.ports = std::move(ports);
  t.params = std::move(params);
  t.positions = std::move(positions);
  return t;
}

Block block(const char* id, const char* type, std::map<std::string, std::string> params = {}) {
  Block b;
  b.id = id;
  b.type = type;
  b.params = std::move(params);
  return b;
}

void wire(std::vector<Connection>& connections, const char* from, const char* to) {
  Connection c;
  c.from = from;
  c.to = to;
  connections.push_back(c);
}

/// A valid model using every fake type:
///   R1 between G.p and G.p (electrical); J1 between F.a and F.a (rotational);
///   C1.y -> In1.u, In1.y -> K1.u, K1.y -> S1.u1, C1.y -> S1.u2, S1.y -> Out1.u1.
Model baseModel() {
  Model m;
  m.blocks = {block("R1", "electrical.Resistor", {{"R", "1k"}}), block("G", "electrical.Ground"),
              block("J1", "rotational.Inertia", {{"J", "0.1"}}), block("F", "rotational.Fixed"),
              block("C1", "signal.Constant", {{"value", "1"}}),  block("In1", "analysis.Inp"),
              block("K1", "signal.Gain", {{"k", "2"}}),          block("S1", "signal.Sum", {{"signs", "+-"}}),
              block("Out1", "analysis.Out", {{"inputs", "1"}})};
  wire(m.connections, "R1.p", "G.p");
  wire(m.connections, "R1.n", "G.p");
  wire(m.connections, "J1.a", "F.a");
  wire(m.connections, "J1.b", "F.a");
  wire(m.connections, "C1.y", "In1.u");
  wire(m.connections, "In1.y", "K1.u");
  wire(m.connections, "K1.y", "S1.u1");
  wire(m.connections, "C1.y", "S1.u2");
  wire(m.connections, "S1.y", "Out1.u1");
  return m;
}

/// Sub1: boundary port a (electrical) wired inside to R.p and R.n, outside to G.p.
Block subsystem(const char* innerR = "1k") {
  Block sub = block("Sub1", "Subsystem");
  BoundaryPort a;
  a.name = "a";
  a.domain = "electrical";
  a.direction = "physical";
  sub.ports = {a};
  sub.blocks = {block("R", "electrical.Resistor", {{"R", innerR}})};
  wire(sub.connections, "a", "R.p");
  wire(sub.connections, "R.n", "a");
  return sub;
}

void addSubsystem(Model& m, Block sub) {
  m.blocks.push_back(std::move(sub));
  wire(m.connections, "Sub1.a", "G.p");
}

QString describe(const std::vector<Diagnostic>& diagnostics) {
  QString text;
  for (const Diagnostic& d : diagnostics) text += "\n  " + QString::fromStdString(d.toString());
  return text;
}

}  // namespace

void TestModelValidator::initTestCase() {
  registry_.add(type("electrical.Resistor", {physical("p", Domain::Electrical), physical("n", Domain::Electrical)},
                     {positive("R", "Ohm", "1k")}));
  registry_.add(type("electrical.Ground", {physical("p", Domain::Electrical)}));
  registry_.add(type("electrical.VoltageSensor",
                     {required(physical("p", Domain::Electrical)), required(physical("n", Domain::Electrical)),
                      signal("y", PortDirection::Output)}));
  registry_.add(type("translational.Mass",
                     {physical("a", Domain::Translational), physical("b", Domain::Translational)},
                     {positive("m", "kg", "1"), param("x0", "m", "0")}, {{"x0", "a", ""}, {"x0", "b", ""}}));
  registry_.add(type("translational.Spring",
                     {physical("a", Domain::Translational), physical("b", Domain::Translational)},
                     {positive("k", "N/m", "1"), param("s0", "m", "0")}, {{"s0", "a", "b"}}));
  registry_.add(type("translational.Fixed", {physical("a", Domain::Translational)}, {param("x0", "m", "0")},
                     {{"x0", "a", ""}}));
  registry_.add(type("rotational.Inertia", {physical("a", Domain::Rotational), physical("b", Domain::Rotational)},
                     {positive("J", "kg*m^2", "1")}));
  registry_.add(type("rotational.Fixed", {physical("a", Domain::Rotational)}));
  registry_.add(type("signal.Constant", {signal("y", PortDirection::Output)}, {param("value", "", "1")}));
  registry_.add(type("signal.Gain", {signal("u", PortDirection::Input), signal("y", PortDirection::Output)},
                     {param("k", "", "1")}));
  ParamDecl inputs = param("inputs", "", "2");
  inputs.min = 1.0;
  registry_.add(type("signal.Sum", {signal("u", PortDirection::Input, true), signal("y", PortDirection::Output)},
                     {param("signs", "", "++", ParamKind::Text), inputs}));
  // Variadic without declaring `inputs`: the count parameter is implied.
  registry_.add(type("signal.Product", {signal("u", PortDirection::Input, true), signal("y", PortDirection::Output)}));
  ParamDecl duty = param("duty", "", "0.5");
  duty.min = 0.0;
  duty.max = 1.0;
  duty.maxInclusive = false;
  registry_.add(
      type("signal.Pwm", {signal("u", PortDirection::Input, false, true), signal("y", PortDirection::Output)}, {duty}));
  registry_.add(type("signal.TransferFunction", {signal("u", PortDirection::Input), signal("y", PortDirection::Output)},
                     {param("num", "", "[1]", ParamKind::Vector), param("den", "", "[1 1]", ParamKind::Vector)}));
  registry_.add(type("signal.StateSpace", {signal("u", PortDirection::Input), signal("y", PortDirection::Output)},
                     {param("A", "", "[-1]", ParamKind::Matrix)}));
  registry_.add(type("analysis.Inp", {signal("u", PortDirection::Input), signal("y", PortDirection::Output)}));
  registry_.add(type("analysis.Out", {signal("u", PortDirection::Input, true, true)}, {inputs}));
}

void TestModelValidator::validModelHasNoProblems() {
  Model m = baseModel();
  addSubsystem(m, subsystem());
  const std::vector<Diagnostic> problems = validateModel(m, registry_, "m.kelvin");
  QVERIFY2(problems.empty(), qPrintable(describe(problems)));
}

void TestModelValidator::openOutputsAndOptionalInputsAreFine() {
  Model m = baseModel();
  m.blocks.push_back(block("K2", "signal.Gain"));
  wire(m.connections, "C1.y", "K2.u");            // K2.y stays open
  m.blocks.push_back(block("P1", "signal.Pwm"));  // optional input, open output
  m.blocks.push_back(block("M1", "signal.Product", {{"inputs", "1"}}));
  wire(m.connections, "C1.y", "M1.u1");
  const std::vector<Diagnostic> problems = validateModel(m, registry_, "m.kelvin");
  QVERIFY2(problems.empty(), qPrintable(describe(problems)));
}

void TestModelValidator::subsystemParametersAreInScope() {
  Model m = baseModel();
  m.variables = {{"R0", "500"}};
  Block sub = subsystem("Rs + R0");
  sub.params = {{"Rs", "2*R0"}};
  addSubsystem(m, sub);
  const std::vector<Diagnostic> problems = validateModel(m, registry_, "m.kelvin");
  QVERIFY2(problems.empty(), qPrintable(describe(problems)));
}

void TestModelValidator::malformed_data() {
  QTest::addColumn<Mutation>("mutation");
  QTest::addColumn<QString>("blockId");
  QTest::addColumn<QString>("port");
  QTest::addColumn<QString>("message");  // a part of the message

  // Blocks.
  QTest::newRow("unknown type") << Mutation([](Model& m) { m.blocks.push_back(block("X1", "electrical.Resistr")); })
                                << "X1"
                                << ""
                                << "unknown block type 'electrical.Resistr' (did you mean electrical.Resistor?)";
  QTest::newRow("type without family") << Mutation([](Model& m) { m.blocks.push_back(block("X1", "Resistor")); })
                                       << "X1"
                                       << ""
                                       << "(did you mean electrical.Resistor?)";
  QTest::newRow("duplicate id") << Mutation([](Model& m) { m.blocks.push_back(block("R1", "electrical.Ground")); })
                                << "R1"
                                << ""
                                << "duplicate block id 'R1'";
  QTest::newRow("id with dot") << Mutation([](Model& m) { m.blocks.push_back(block("R.2", "electrical.Ground")); })
                               << "R.2"
                               << ""
                               << "block id 'R.2' must not contain '.', '/', blanks or control characters";
  QTest::newRow("second Inp") << Mutation([](Model& m) {
    m.blocks.push_back(block("In2", "analysis.Inp"));
    wire(m.connections, "C1.y", "In2.u");
  }) << "In2"
                              << ""
                              << "a model may have only one analysis.Inp; In1 is one already";
  QTest::newRow("second Out inside a subsystem") << Mutation([](Model& m) {
    Block sub = subsystem();
    sub.blocks.push_back(block("Out2", "analysis.Out"));
    addSubsystem(m, sub);
  }) << "Sub1/Out2"
                                                 << ""
                                                 << "a model may have only one analysis.Out; Out1 is one already";

  // Parameters.
  QTest::newRow("unknown parameter") << Mutation([](Model& m) { m.blocks[0].params["Rx"] = "1"; }) << "R1"
                                     << ""
                                     << "unknown parameter 'Rx' of electrical.Resistor (parameters: R)";
  QTest::newRow("bad expression") << Mutation([](Model& m) { m.blocks[0].params["R"] = "1k*"; }) << "R1"
                                  << ""
                                  << "parameter R: \"1k*\": unexpected end of expression at 3";
  QTest::newRow("unknown name") << Mutation([](Model& m) { m.blocks[0].params["R"] = "Rload"; }) << "R1"
                                << ""
                                << "parameter R: \"Rload\": unknown name 'Rload'";
  QTest::newRow("wrong unit") << Mutation([](Model& m) { m.blocks[0].params["R"] = "1 kV"; }) << "R1"
                              << ""
                              << "unknown unit 'kV' at 2 (expected Ohm)";
  QTest::newRow("below exclusive minimum") << Mutation([](Model& m) { m.blocks[0].params["R"] = "0"; }) << "R1"
                                           << ""
                                           << "R = 0 is out of range: must be > 0";
  QTest::newRow("out of range through a variable") << Mutation([](Model& m) {
    m.variables = {{"r", "-5"}};
    m.blocks[0].params["R"] = "r";
  }) << "R1"
                                                   << ""
                                                   << "R = -5 is out of range: must be > 0";
  QTest::newRow("at exclusive maximum") << Mutation([](Model& m) {
    m.blocks.push_back(block("P1", "signal.Pwm", {{"duty", "1"}}));
  }) << "P1"
                                        << ""
                                        << "duty = 1 is out of range: must be >= 0 and < 1";
  QTest::newRow("vector given a matrix") << Mutation([](Model& m) {
    m.blocks.push_back(block("TF", "signal.TransferFunction", {{"num", "[1 2; 3 4]"}}));
    wire(m.connections, "C1.y", "TF.u");
  }) << "TF"
                                         << ""
                                         << "parameter num: \"[1 2; 3 4]\": expected a vector, found a 2x2 matrix";
  QTest::newRow("ragged matrix") << Mutation([](Model& m) {
    m.blocks.push_back(block("SS", "signal.StateSpace", {{"A", "[1 2; 3]"}}));
    wire(m.connections, "C1.y", "SS.u");
  }) << "SS"
                                 << ""
                                 << "parameter A: \"[1 2; 3]\": row 2 has 1 entries, row 1 has 2";
  QTest::newRow("inputs not an integer") << Mutation([](Model& m) { m.blocks[7].params["inputs"] = "1.5"; }) << "S1"
                                         << ""
                                         << "inputs = 1.5 is out of range: must be an integer from 1 to 1000";
  QTest::newRow("inputs zero") << Mutation([](Model& m) { m.blocks[7].params["inputs"] = "0"; }) << "S1"
                               << ""
                               << "inputs = 0 is out of range: must be an integer from 1 to 1000";
  QTest::newRow("inputs undeclared but implied") << Mutation([](Model& m) {
    m.blocks.push_back(block("M1", "signal.Product", {{"inputs", "-1"}}));
  }) << "M1"
                                                 << ""
                                                 << "inputs = -1 is out of range";
  QTest::newRow("bad model variable") << Mutation([](Model& m) {
    m.variables = {{"w", "2*pi*"}};
  }) << ""
                                      << ""
                                      << "variable w: \"2*pi*\": unexpected end of expression at 5";
  QTest::newRow("bad subsystem parameter") << Mutation([](Model& m) {
    Block sub = subsystem();
    sub.params = {{"Rs", "1 +"}};
    addSubsystem(m, sub);
  }) << "Sub1"
                                           << ""
                                           << "parameter Rs: \"1 +\": unexpected end of expression at 3";

  // Connections.
  QTest::newRow("unknown port") << Mutation([](Model& m) { wire(m.connections, "R1.x", "G.p"); }) << "R1"
                                << "x"
                                << "connection R1.x -> G.p: R1 (electrical.Resistor) has no port 'x' (ports: p, n)";
  QTest::newRow("unknown block") << Mutation([](Model& m) { wire(m.connections, "G.p", "R9.p"); }) << "R9"
                                 << "p"
                                 << "connection G.p -> R9.p: no block 'R9'";
  QTest::newRow("endpoint without port") << Mutation([](Model& m) { wire(m.connections, "R1", "G.p"); }) << "R1"
                                         << ""
                                         << "connection R1 -> G.p: 'R1' is not <block>.<port>";
  QTest::newRow("variadic input beyond inputs")
      << Mutation([](Model& m) { wire(m.connections, "C1.y", "S1.u3"); }) << "S1"
      << "u3"
      << "has no port 'u3' (ports: u1, u2, y)";
  QTest::newRow("output to output") << Mutation([](Model& m) { wire(m.connections, "C1.y", "K1.y"); }) << "K1"
                                    << "y"
                                    << "connection C1.y -> K1.y: both are outputs (C1.y and K1.y)";
  QTest::newRow("inputs with no driver") << Mutation([](Model& m) {
    m.blocks.push_back(block("K2", "signal.Gain"));
    m.blocks.push_back(block("K3", "signal.Gain"));
    wire(m.connections, "K2.u", "K3.u");
  }) << "K2"
                                         << "u"
                                         << "inputs wired together with no driver: K2.u, K3.u";
  QTest::newRow("two drivers") << Mutation([](Model& m) { wire(m.connections, "C1.y", "K1.u"); }) << "K1"
                               << "u"
                               << "input K1.u has 2 drivers: In1.y and C1.y";
  QTest::newRow("signal to physical") << Mutation([](Model& m) { wire(m.connections, "C1.y", "R1.p"); }) << "R1"
                                      << "p"
                                      << "signal port C1.y cannot be wired to electrical port R1.p";
  QTest::newRow("domain mismatch") << Mutation([](Model& m) { wire(m.connections, "R1.n", "J1.a"); }) << "J1"
                                   << "a"
                                   << "domain mismatch: electrical port R1.n joined to rotational port J1.a";
  QTest::newRow("port to itself") << Mutation([](Model& m) { wire(m.connections, "R1.p", "R1.p"); }) << "R1"
                                  << "p"
                                  << "connection R1.p -> R1.p joins a port to itself";

  // Dangling ports.
  QTest::newRow("input not connected") << Mutation([](Model& m) { m.blocks.push_back(block("K2", "signal.Gain")); })
                                       << "K2"
                                       << "u"
                                       << "input u is not connected";
  QTest::newRow("expanded input not connected")
      << Mutation([](Model& m) { m.blocks[7].params["inputs"] = "3"; }) << "S1"
      << "u3"
      << "input u3 is not connected";
  QTest::newRow("required physical port not connected") << Mutation([](Model& m) {
    m.blocks.push_back(block("VS", "electrical.VoltageSensor"));
    wire(m.connections, "VS.p", "G.p");
  }) << "VS"
                                                        << "n"
                                                        << "electrical port n is not connected";

  // Subsystems.
  QTest::newRow("inner parameter out of range")
      << Mutation([](Model& m) { addSubsystem(m, subsystem("0")); }) << "Sub1/R"
      << ""
      << "R = 0 is out of range: must be > 0";
  QTest::newRow("inner unknown port") << Mutation([](Model& m) {
    Block sub = subsystem();
    wire(sub.connections, "R.q", "a");
    addSubsystem(m, sub);
  }) << "Sub1/R"
                                      << "q"
                                      << "has no port 'q' (ports: p, n)";
  QTest::newRow("inner unknown block") << Mutation([](Model& m) {
    Block sub = subsystem();
    wire(sub.connections, "a", "R2.p");
    addSubsystem(m, sub);
  }) << "Sub1/R2"
                                       << "p"
                                       << "connection a -> R2.p: no block 'R2' in Sub1";
  QTest::newRow("unknown boundary port") << Mutation([](Model& m) {
    Block sub = subsystem();
    wire(sub.connections, "b", "R.p");
    addSubsystem(m, sub);
  }) << "Sub1"
                                         << "b"
                                         << "connection b -> R.p: subsystem Sub1 has no port 'b' (ports: a)";
  QTest::newRow("subsystem port open inside") << Mutation([](Model& m) {
    Block sub = subsystem();
    sub.connections = {};
    sub.blocks = {};
    addSubsystem(m, sub);
  }) << "Sub1"
                                              << "a"
                                              << "port 'a' of subsystem Sub1 is not connected inside it";
  QTest::newRow("subsystem port of unknown domain") << Mutation([](Model& m) {
    Block sub = subsystem();
    sub.ports[0].domain = "electric";
    addSubsystem(m, sub);
  }) << "Sub1"
                                                    << "a"
                                                    << "unknown domain 'electric'";
  QTest::newRow("subsystem output not driven inside") << Mutation([](Model& m) {
    Block sub = block("Sub1", "Subsystem");
    BoundaryPort y;
    y.name = "y";
    y.direction = "output";
    sub.ports = {y};
    m.blocks.push_back(sub);
  }) << "Sub1"
                                                      << "y"
                                                      << "output 'y' of subsystem Sub1 is not driven inside it";
  QTest::newRow("subsystem domain mismatch inside")
      << Mutation([](Model& m) {
           Block sub = subsystem();
           sub.blocks.push_back(block("F2", "rotational.Fixed"));
           wire(sub.connections, "F2.a", "a");
           addSubsystem(m, sub);
         })
      << "Sub1"
      << "a"
      << "domain mismatch: rotational port Sub1/F2.a joined to electrical port Sub1.a";
  QTest::newRow("signal wired through a subsystem twice") << Mutation([](Model& m) {
    Block sub = block("Sub1", "Subsystem");
    BoundaryPort u;
    u.name = "u";
    BoundaryPort y;
    y.name = "y";
    y.direction = "output";
    sub.ports = {u, y};
    sub.blocks = {block("K", "signal.Gain")};
    wire(sub.connections, "u", "K.u");
    wire(sub.connections, "K.y", "y");
    wire(sub.connections, "u", "y");
    m.blocks.push_back(sub);
    wire(m.connections, "C1.y", "Sub1.u");
  }) << "Sub1"
                                                          << "y"
                                                          << "Sub1.y has 2 drivers: Sub1/K.y and Sub1.u";
}

void TestModelValidator::malformed() {
  QFETCH(Mutation, mutation);
  QFETCH(QString, blockId);
  QFETCH(QString, port);
  QFETCH(QString, message);
  Model m = baseModel();
  mutation(m);
  const std::vector<Diagnostic> problems = validateModel(m, registry_, "m.kelvin");
  QVERIFY2(problems.size() == 1, qPrintable("expected one problem, got:" + describe(problems)));
  const Diagnostic& d = problems.front();
  QVERIFY(d.severity == Severity::Error);
  QCOMPARE(d.file, std::string("m.kelvin"));
  QCOMPARE(QString::fromStdString(d.blockId), blockId);
  QCOMPARE(QString::fromStdString(d.port), port);
  QVERIFY2(QString::fromStdString(d.message).contains(message), qPrintable(describe(problems)));
}

void TestModelValidator::everyProblemIsReported() {
  Model m = baseModel();
  m.blocks[0].params["R"] = "-1";                  // R1: out of range
  m.blocks.push_back(block("X", "nope.Nothing"));  // X: unknown type
  wire(m.connections, "C1.y", "J1.b");             // J1.b: signal to physical
  m.blocks.push_back(block("K2", "signal.Gain"));  // K2.u: dangling
  addSubsystem(m, subsystem("foo"));               // Sub1/R: unknown name
  const std::vector<Diagnostic> problems = validateModel(m, registry_, "m.kelvin");
  QStringList where;
  for (const Diagnostic& d : problems) where << QString::fromStdString(d.blockId + "." + d.port);
  where.sort();
  QCOMPARE(where, (QStringList{"J1.b", "K2.u", "R1.", "Sub1/R.", "X."}));
}

// An unconnected physical port that is not declared required is a free end, as in
// Modelica: reported once, as information naming the block and port, never as an error.
void TestModelValidator::freeEndsAreInformation_data() {
  QTest::addColumn<Mutation>("mutation");
  QTest::addColumn<QString>("where");
  QTest::addColumn<QString>("message");
  QTest::newRow("open resistor pin") << Mutation([](Model& m) {
    m.blocks.push_back(block("R2", "electrical.Resistor"));
    wire(m.connections, "R2.p", "G.p");
  }) << "R2.n"
                                     << "free end: the unconnected electrical port carries no current";
  QTest::newRow("free inertia flange") << Mutation([](Model& m) {
    m.blocks.push_back(block("J2", "rotational.Inertia"));
    wire(m.connections, "J2.a", "F.a");
  }) << "J2.b"
                                       << "free end: the unconnected rotational port carries no torque";
  QTest::newRow("subsystem port open outside") << Mutation([](Model& m) { m.blocks.push_back(subsystem()); })
                                               << "Sub1.a"
                                               << "free end: the unconnected electrical port carries no current";
}

void TestModelValidator::freeEndsAreInformation() {
  QFETCH(Mutation, mutation);
  QFETCH(QString, where);
  QFETCH(QString, message);
  Model m = baseModel();
  mutation(m);
  const std::vector<Diagnostic> problems = validateModel(m, registry_, "m.kelvin");
  QVERIFY2(problems.size() == 1, qPrintable("expected one note, got:" + describe(problems)));
  QVERIFY(problems.front().severity == Severity::Info);
  QVERIFY(!hasErrors(problems));
  QCOMPARE(QString::fromStdString(problems.front().blockId + "." + problems.front().port), where);
  QCOMPARE(QString::fromStdString(problems.front().message), message);
}

// A mass on a spring to a wall: the spring's stretch s0 is what sets the force, the
// mass's and the wall's x0 only where their readouts start; they should agree,
// s0 = x(a) − x(b), or validation warns, naming the spring and the positions.
void TestModelValidator::startPositionsAgree_data() {
  QTest::addColumn<QString>("massX0");
  QTest::addColumn<QString>("wallX0");
  QTest::addColumn<QString>("springS0");
  QTest::addColumn<bool>("springFromMass");  // spring a at the mass, b at the wall (else reversed)
  QTest::addColumn<QString>("warning");      // "" for none
  QTest::newRow("all at rest") << "0" << "0" << "0" << true << "";
  QTest::newRow("stretched consistently") << "0.1" << "0" << "0.1" << true << "";
  QTest::newRow("reversed spring, consistent") << "0.1" << "0" << "-0.1" << false << "";
  QTest::newRow("wall elsewhere, consistent") << "2.5" << "2" << "0.5" << true << "";
  QTest::newRow("expression, consistent") << "d" << "0" << "d" << true << "";
  QTest::newRow("mass displaced, spring not")
      << "0.1" << "0" << "0" << true
      << "s0 = 0 but the start positions of its flanges (a: M.x0 = 0.1, b: W.x0 = 0) make it 0.1";
  QTest::newRow("reversed spring stretched the wrong way")
      << "0.1" << "0" << "0.1" << false
      << "s0 = 0.1 but the start positions of its flanges (a: W.x0 = 0, b: M.x0 = 0.1) make it -0.1";
  QTest::newRow("off by a micrometre") << "0.100001" << "0" << "0.1" << true << "make it 0.100001";
}

void TestModelValidator::startPositionsAgree() {
  QFETCH(QString, massX0);
  QFETCH(QString, wallX0);
  QFETCH(QString, springS0);
  QFETCH(bool, springFromMass);
  QFETCH(QString, warning);
  Model m;
  m.variables = {{"d", "0.1"}};
  m.blocks = {block("W", "translational.Fixed", {{"x0", wallX0.toStdString()}}),
              block("S", "translational.Spring", {{"s0", springS0.toStdString()}}),
              block("M", "translational.Mass", {{"x0", massX0.toStdString()}})};
  wire(m.connections, "S.a", springFromMass ? "M.a" : "W.a");
  wire(m.connections, "S.b", springFromMass ? "W.a" : "M.a");
  std::vector<Diagnostic> problems = validateModel(m, registry_, "m.kelvin");
  std::erase_if(problems, [](const Diagnostic& d) { return d.severity == Severity::Info; });  // M.b is free
  if (warning.isEmpty()) {
    QVERIFY2(problems.empty(), qPrintable(describe(problems)));
    return;
  }
  QVERIFY2(problems.size() == 1, qPrintable(describe(problems)));
  QVERIFY(problems.front().severity == Severity::Warning);
  QCOMPARE(problems.front().blockId, std::string("S"));
  QVERIFY2(QString::fromStdString(problems.front().message).contains(warning), qPrintable(describe(problems)));
}

QTEST_APPLESS_MAIN(TestModelValidator)
#include "tst_model_validator.moc"
