import Foundation
import Persistence
import PlatformCore
import SQLKit

/// Marker for jobs; `JobID` names one row of the jobs table.
public enum JobEntity {}

public typealias JobID = TypedID<JobEntity>
