#pragma once
// Keeps a recovery copy of the document's unsaved edits (RecoveryStore): after
// each edit that goes through the undo stack, once the user has been quiet
// for a second, and every interval() (30 s unless the setting
// "recovery/intervalSeconds" says otherwise) while edits are pending. The
// copy is removed when the document becomes clean again (saved, reverted by
// undo, replaced by New or Open). writeNow() is for the moments the process
// may end: SIGTERM, closing with unsaved changes.
// The timed copies are written off the GUI thread: the GUI thread copies the
// model (a few milliseconds at 10,000 blocks) and a thread of the autosaver's
// own one-thread pool serialises and writes it (tens of milliseconds), so a
// big model's editing never pauses for it. The store is touched by one thread
// at a time: the GUI thread waits for a write in flight before it writes or
// removes the copy itself.

#include <functional>

#include <QByteArray>
#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include "recovery/recovery_store.h"

namespace kelvin::gui {

class ModelDocument;

class Autosaver : public QObject {
  Q_OBJECT

 public:
  /// `document` must outlive the autosaver. `baseHash` gives the SHA-256 of the document's file as it was
  /// loaded or saved (stored with the copy so that a restored model still notices outside changes).
  Autosaver(ModelDocument* document, std::function<QByteArray()> baseHash, QObject* parent = nullptr);
  /// Waits for a copy being written.
  ~Autosaver() override;

  /// How long to wait after an edit before writing (the "quiet second").
  static constexpr int kQuietMs = 1000;
  /// The periodic interval, from the settings (default 30 s).
  int intervalMs() const { return periodic_.interval(); }

  /// Writes the copy now, on this thread, if the document has unsaved changes (else removes it);
  /// false when a write failed.
  bool writeNow();
  /// Removes the copy (the user discarded the changes).
  void discard();
  /// The path of this process's copy; it exists while unsaved edits are recorded.
  QString copyFile() const { return store_.file(); }
  /// Whether the copy exists (after written(), or after writeNow()).
  bool hasCopy() const { return store_.hasCopy(); }

 Q_SIGNALS:
  /// A copy was written (for the status bar and the tests).
  void written(const QString& file);

 private:
  void edited();
  /// Starts writing the copy on the pool if edits are pending (else waits for the next edit).
  void writeIfPending();
  /// Waits for the copy being written on the pool; what it reports afterwards is ignored.
  void finishBackgroundWrite();

  ModelDocument* document_;
  std::function<QByteArray()> baseHash_;
  RecoveryStore store_;
  QTimer quiet_;
  QTimer periodic_;
  bool pending_ = false;  // edits since the last copy
  bool writing_ = false;  // a copy is being written on the pool
  int generation_ = 0;    // counts the copies started; a late report of an older one is ignored
  QThreadPool pool_;      // one thread: the background copies
};

}  // namespace kelvin::gui
