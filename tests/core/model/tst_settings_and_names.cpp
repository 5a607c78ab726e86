// Validation of what a hand-edited or hostile file can carry: settings that
// cannot run (stop time ≤ 0, rtol = 0, a negative absolute temperature) are
// refused by name before any run, and block ids with control characters (an
// ESC sequence would reach the terminal) are refused and printed escaped,
// while ids in other scripts are fine; no diagnostic, whatever it quotes,
// prints a control character. A parameter too large to compute with
// (V = 1e308 was reported as a singular system) is refused by name, and a
// parameter using a variable of a cycle says so (it was "unknown name").

#include <QtTest>
#include <string>

#include "elaborate/block_registry.h"
#include "library.h"
#include "model/model_validator.h"
#include "model/settings_check.h"

using namespace kelvin::core;

namespace {

std::string messagesOf(const std::vector<Diagnostic>& diagnostics) {
  std::string all;
  for (const Diagnostic& d : diagnostics) all += d.toString() + "\n";
  return all;
}

}  // namespace

class TestSettingsAndNames : public QObject {
  Q_OBJECT

 private slots:
  void defaultsPass() { QVERIFY(checkSettings(Settings{}, "m.kelvin").empty()); }

  void badSettingsAreNamed_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("negative stop") << "stop_time"
                                   << "-1"
                                   << "settings: stop_time = -1 must be a time > 0 s";
    QTest::newRow("zero step") << "step"
                               << "0"
                               << "settings: step = 0 must be a time > 0 s";
    QTest::newRow("rtol 0") << "rtol"
                            << "0"
                            << "settings: rtol = 0 must be between 0 and 1";
    QTest::newRow("atol negative") << "atol"
                                   << "-1e-9"
                                   << "settings: atol = -1e-09 must be > 0";
    QTest::newRow("negative temperature")
        << "temperature"
        << "-5"
        << "settings: temperature = -5 K is impossible: an absolute temperature must be > 0 K";
  }

  void badSettingsAreNamed() {
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(QString, message);
    Settings settings;
    const std::string text = value.toStdString();
    if (key == "stop_time") settings.stopTime = text;
    if (key == "step") settings.step = text;
    if (key == "rtol") settings.rtol = std::stod(text);
    if (key == "atol") settings.atol = std::stod(text);
    if (key == "temperature") settings.temperature = std::stod(text);
    const std::vector<Diagnostic> problems = checkSettings(settings, "m.kelvin");
    QCOMPARE(problems.size(), std::size_t{1});
    QVERIFY2(problems[0].message.starts_with(message.toStdString()), problems[0].message.c_str());
  }

  void controlCharactersInIdsAreRefusedAndEscaped() {
    BlockRegistry registry;  // empty: unknown types are reported too, but the id comes first
    Model model;
    Block block;
    block.type = "x.Y";
    for (const std::string& id :
         {std::string("R\x1b[2J"), std::string("a\nb"), std::string("n\0ul", 4), std::string("c1\xc2\x9b")}) {
      block.id = id;
      model.blocks = {block};
      const std::string all = messagesOf(validateModel(model, registry, "m.kelvin"));
      QVERIFY2(all.find("control characters") != std::string::npos, all.c_str());
      QVERIFY2(all.find('\x1b') == std::string::npos && all.find(std::string("\0", 1)) == std::string::npos,
               "a control character reached the message");
    }
    block.id = "R\x1b[2J";
    model.blocks = {block};
    QVERIFY(messagesOf(validateModel(model, registry, "m.kelvin")).find("R\\x1b[2J") != std::string::npos);
  }

  void noDiagnosticPrintsAControlCharacter() {
    BlockRegistry registry;
    Model model;
    Block block;
    block.id = "R\x1b[31m1";
    block.type = "x.Y";
    model.blocks = {block};
    model.connections.push_back(Connection{"V\n1.p", "R\x1b[31m1.p", {}, {}});
    const std::vector<Diagnostic> problems = validateModel(model, registry, "m\x07.kelvin");
    QVERIFY(problems.size() >= 2);  // the id, the connection
    for (const Diagnostic& problem : problems) {
      const std::string line = problem.toString();
      for (const char c : line) QVERIFY2(static_cast<unsigned char>(c) >= 0x20 && c != 0x7F, line.c_str());
    }
    QVERIFY2(messagesOf(problems).find("V\\x0a1.p") != std::string::npos, messagesOf(problems).c_str());
  }

  void parameterTooLargeToComputeWithIsRefused_data() {
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("refused");
    // 1e150 squared (1e300) is still a double; 1e155 squared overflows.
    QTest::newRow("1e150") << "1e150" << false;
    QTest::newRow("-1e151") << "-1e151" << true;
    QTest::newRow("1e308") << "1e308" << true;
  }

  void parameterTooLargeToComputeWithIsRefused() {
    QFETCH(QString, value);
    QFETCH(bool, refused);
    BlockRegistry registry;
    kelvin::blocks::registerAll(registry);
    Model model;
    model.blocks = {Block{}, Block{}};
    model.blocks[0].id = "V1";
    model.blocks[0].type = "electrical.VoltageSource";
    model.blocks[0].params["V"] = value.toStdString();
    model.blocks[1].id = "G";
    model.blocks[1].type = "electrical.Ground";
    model.connections = {Connection{"V1.p", "G.p", {}, {}}, Connection{"V1.n", "G.p", {}, {}}};
    const std::string all = messagesOf(validateModel(model, registry, "m.kelvin"));
    QCOMPARE(all.find("m.kelvin:V1: V = ") != std::string::npos && all.find("is too large") != std::string::npos,
             refused);
  }

  void parameterUsingACyclicVariableSaysSo() {
    BlockRegistry registry;
    kelvin::blocks::registerAll(registry);
    Model model;
    model.variables = {Variable{"a", "b+1", {}}, Variable{"b", "a+1", {}}};
    model.blocks = {Block{}};
    model.blocks[0].id = "R1";
    model.blocks[0].type = "electrical.Resistor";
    model.blocks[0].params["R"] = "a";
    const std::string all = messagesOf(validateModel(model, registry, "m.kelvin"));
    QVERIFY2(all.find("variable a: a cycle among variables: a → b → a") != std::string::npos, all.c_str());
    QVERIFY2(all.find("R1: parameter R: \"a\" is a variable that has no value") != std::string::npos, all.c_str());
    QVERIFY2(all.find("unknown name") == std::string::npos, all.c_str());
  }

  void idsInOtherScriptsAreFine() {
    BlockRegistry registry;
    Model model;
    Block block;
    block.type = "x.Y";
    block.id = "Резистор_1";
    model.blocks = {block};
    const std::string all = messagesOf(validateModel(model, registry, "m.kelvin"));
    QVERIFY2(all.find("control characters") == std::string::npos, all.c_str());
  }
};

QTEST_APPLESS_MAIN(TestSettingsAndNames)
#include "tst_settings_and_names.moc"
