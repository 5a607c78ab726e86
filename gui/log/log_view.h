#pragma once
// The log panel: a read-only text view showing the messages of the default
// spdlog logger (warnings in amber, errors in red). Attaches a LogSink to the
// logger while it exists; create and destroy it on the GUI thread.

#include <memory>

#include <QPlainTextEdit>

namespace kelvin::gui {

class LogSink;

class LogView : public QPlainTextEdit {
  Q_OBJECT

 public:
  explicit LogView(QWidget* parent = nullptr);
  ~LogView() override;

 private:
  void appendMessage(int level, const QString& text);

  std::shared_ptr<LogSink> sink_;
};

}  // namespace kelvin::gui
