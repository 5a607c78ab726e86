#pragma once
// The recovery copies of unsaved models, in the user's data folder
// (QStandardPaths::AppDataLocation + "/recovery"). Each running Kelvin owns
// one slot: `<id>.kelvin-recovery`, guarded by the lock file `<id>.lock`
// (QLockFile) that the process holds while it lives. A copy whose lock is
// free (its process exited or was killed: QLockFile treats the lock of a dead
// process as stale) is an orphan, offered for restoring on the next start.
//
// A copy is one JSON file, written atomically (QSaveFile):
//     {"format": "kelvin-recovery", "version": 1,
//      "original_path": "/home/u/rc.kelvin" (empty for an untitled model),
//      "base_hash": "<SHA-256 of that file as it was loaded or saved, hex; empty if none>",
//      "saved_at": "2026-11-23T23:59:01.123Z" (UTC),
//      "model": "<the model's .kelvin text>"}

#include <memory>
#include <optional>

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

#include "model/model.h"

class QLockFile;

namespace kelvin::gui {

/// One recovery copy as read back from its file.
struct RecoveryCopy {
  QString file;          ///< the copy's own path
  QString originalPath;  ///< the model's file, empty for an untitled model
  QByteArray baseHash;   ///< SHA-256 (hex) of the original file when it was loaded or saved; empty if none
  QDateTime savedAt;     ///< when the copy was written (UTC)
  QString modelText;     ///< the model as .kelvin text
};

class RecoveryStore {
 public:
  /// Claims a fresh slot in the recovery folder (nothing is written until write()).
  RecoveryStore();
  /// Releases the slot's lock; the copy itself stays (an exit without a save keeps it for the next start).
  ~RecoveryStore();
  RecoveryStore(const RecoveryStore&) = delete;
  RecoveryStore& operator=(const RecoveryStore&) = delete;

  /// The folder of the recovery copies (created on demand).
  static QString folder();
  /// The copies of processes that are no longer running, newest first. Unreadable copies are skipped.
  static QList<RecoveryCopy> orphans();
  /// Reads the copy at `file`; nullopt when it is missing or not a recovery copy.
  static std::optional<RecoveryCopy> read(const QString& file);
  /// Deletes a copy (an orphan that was restored or discarded) and its stale lock.
  static void discard(const RecoveryCopy& copy);

  /// Writes `modelText` as this process's copy, atomically; false (and a logged reason) when it cannot.
  bool write(const QString& modelText, const QString& originalPath, const QByteArray& baseHash);
  /// Removes this process's copy (after a save, a discard, or an undo back to the saved state).
  void remove();
  /// The path of this process's copy (it exists only after a write()).
  const QString& file() const { return file_; }
  bool hasCopy() const { return written_; }

 private:
  QString file_;
  std::unique_ptr<QLockFile> lock_;
  bool written_ = false;
};

}  // namespace kelvin::gui
