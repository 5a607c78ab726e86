// kelvin: the desktop application. Parses the command line, sets up logging
// and the component library, and opens the main window (gui/).

#include <cstdio>
#include <cstring>

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "elaborate/block_registry.h"
#include "gallery/example_gallery.h"
#include "i18n/translation_loader.h"
#include "library.h"
#include "log_level.h"
#include "main_window.h"
#include "recovery/termination_signals.h"

int main(int argc, char** argv) {
  // --version must work without a display (packaging scripts, CI), so it is answered before
  // QApplication connects to one; it prints what QCommandLineParser would.
  for (int k = 1; k < argc; ++k) {
    if (std::strcmp(argv[k], "--version") == 0 || std::strcmp(argv[k], "-v") == 0) {
      std::printf("Kelvin %s\n", KELVIN_VERSION);
      return 0;
    }
  }
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("Kelvin"));
  QApplication::setApplicationName(QStringLiteral("Kelvin"));
  QApplication::setApplicationVersion(QStringLiteral(KELVIN_VERSION));
  kelvin::gui::TranslationLoader::install(app, kelvin::gui::TranslationLoader::currentLanguage());

  const QString levelNames = QString::fromLatin1(kelvin::kLogLevelNames.data(), kelvin::kLogLevelNames.size());
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("Kelvin: block diagrams and physical networks, simulated."));
  parser.addHelpOption();
  parser.addVersionOption();
  const QCommandLineOption logLevel(QStringLiteral("log-level"),
                                    QStringLiteral("Log level: %1 (default info).").arg(levelNames),
                                    QStringLiteral("level"), QStringLiteral("info"));
  parser.addOption(logLevel);
  parser.addPositionalArgument(QStringLiteral("model"), QStringLiteral("A .kelvin model to open."),
                               QStringLiteral("[model]"));
  parser.process(app);  // exits on --help, --version and unknown options

  const auto level = kelvin::parseLogLevel(parser.value(logLevel).toStdString());
  const QStringList models = parser.positionalArguments();
  if (!level || models.size() > 1) {
    const QString problem =
        !level ? QStringLiteral("unknown log level '%1' (use %2)").arg(parser.value(logLevel), levelNames)
               : QStringLiteral("open one model at a time");
    std::fprintf(stderr, "kelvin: %s\n\n%s", qPrintable(problem), qPrintable(parser.helpText()));
    return 1;
  }
  spdlog::set_default_logger(spdlog::stderr_color_mt("kelvin"));
  spdlog::set_level(*level);

  kelvin::core::BlockRegistry registry;
  kelvin::blocks::registerAll(registry);
  kelvin::gui::MainWindow window(registry);
  // SIGTERM or SIGHUP (the session ending, `kill`): unsaved changes go to a recovery copy first.
  kelvin::gui::TerminationSignals terminationSignals;
  QObject::connect(&terminationSignals, &kelvin::gui::TerminationSignals::received, &window,
                   &kelvin::gui::MainWindow::writeRecoveryAndQuit);
  window.show();
  // A recovery copy left by a crash or kill comes first; restored, it is the model to work on.
  const bool restored = window.offerRecovery();
  if (!restored && !models.isEmpty()) {
    window.openFile(models.front());
  } else if (!restored && kelvin::gui::ExampleGallery::showAtStartup()) {
    // The start page: after the window is shown, so the gallery sits on top of it.
    QTimer::singleShot(0, &window, &kelvin::gui::MainWindow::showExamples);
  }
  return app.exec();
}
