// Validation of what a hand-edited or hostile file can carry: settings that
// cannot run (stop time ≤ 0, rtol = 0, a negative absolute temperature) are
// refused by name before any run, and block ids with control characters (an
// ESC sequence would reach the terminal) are refused and printed escaped,
// while ids in other scripts are fine.

#include <QtTest>
#include <string>

#include "elaborate/block_registry.h"
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
    for (const std::string id :
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
